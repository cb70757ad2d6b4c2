// Security headers on every answer: a CSP without inline scripts, no framing, no sniffing, HSTS.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { pathOf } from './url-path.ts';

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

// MSAL's silent renewal loads the provider's authorize page, which ends on redirect.html, in a hidden
// iframe of our own page: those two may be framed by this origin, and nothing is framed by anyone else.
const FRAMEABLE_BY_SELF = /^\/(redirect\.html$|oidc\/)/;

export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  options: { dev: boolean },
): Promise<void> {
  const self = originOf(config.publicUrl);
  const others = [config.identity.issuer, config.api.baseUrl, config.api.mediaUrl]
    .map(originOf)
    .filter((origin): origin is string => origin !== undefined && origin !== self);
  const unique = [...new Set(others)];
  const https = config.publicUrl.startsWith('https:');

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Vite's development server injects inline module scripts and speaks to its HMR socket.
        scriptSrc: options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        // Mantine writes style attributes and style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...unique],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...unique, ...(options.dev ? ['wss:', 'ws:'] : [])],
        frameSrc: ["'self'", ...unique],
        formAction: ["'self'", ...unique],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
    referrerPolicy: { policy: 'no-referrer' },
    // The provider's authorize page must stay usable from the SPA's origin.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });

  // Helmet writes on the raw response (so hijacked /oidc answers carry the headers too): adjust it there.
  app.addHook('onRequest', async (request, reply) => {
    if (!FRAMEABLE_BY_SELF.test(pathOf(request.url))) return;
    const policy = reply.raw.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      reply.raw.setHeader(
        'content-security-policy',
        policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
      );
    }
    reply.raw.setHeader('x-frame-options', 'SAMEORIGIN');
  });
}
