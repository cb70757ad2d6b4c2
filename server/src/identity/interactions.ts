import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type InteractionResults, type Provider } from 'oidc-provider';
import { passwordProblem, PASSWORD_RULE } from '../auth/password-rule.ts';
import { hashPassword, needsRehash, spendVerificationTime, verifyPassword } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { recordAuditAction } from '../audit/audit-repository.ts';
import {
  findUserByEmail,
  findUserById,
  isDemoAccount,
  replacePasswordHash,
  setPassword,
} from '../users/users-repository.ts';
import { changePasswordPage, loginPage, messagePage } from './pages.ts';
import { claimSignIn, forgiveSignIn } from './rate-limit.ts';
import { identityTexts as t } from './texts.ts';

// Our own interaction pages: sign-in, the forced password change, and automatic consent for our own client.

/** The audit trail's names for sign-ins through the embedded provider. */
export const SIGN_IN_AUDIT = {
  succeeded: 'sign_in.succeeded',
  failed: 'sign_in.failed',
  refused: 'sign_in.refused_deactivated',
} as const;

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

interface InteractionDeps {
  readonly provider: Provider;
  readonly config: Config;
  readonly db: Database;
  readonly mountPath: string;
  /** The SPA's start-up files, which the sign-in page asks the browser to fetch while the user types. */
  readonly appStartFiles: readonly string[];
}

interface UidParams {
  uid: string;
}

type FormBody = Record<string, string | undefined> | undefined;

// Kept in the interaction between the password check and the new password; never resumes the provider by itself.
type PendingPasswordChange = {
  readonly passwordChange?: { readonly accountId: string; readonly email: string; readonly keep?: boolean };
};

function field(body: FormBody, name: string): string {
  return typeof body?.[name] === 'string' ? body[name] : '';
}

/**
 * The address failed sign-ins are counted against. Behind our TLS-terminating proxy (TLS=off) every request comes
 * from the proxy: the client is the last X-Forwarded-For entry, the one the proxy itself appended (earlier entries
 * are whatever the client claimed).
 */
function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

export async function registerInteractionRoutes(app: FastifyInstance, deps: InteractionDeps): Promise<void> {
  const { provider, config, db, mountPath, appStartFiles } = deps;
  const assetsPath = `${mountPath}/assets`;
  const loginAction = (uid: string) => `${mountPath}/interaction/${encodeURIComponent(uid)}/login`;
  const passwordAction = (uid: string) => `${mountPath}/interaction/${encodeURIComponent(uid)}/password`;

  const expired = (reply: FastifyReply) =>
    sendHtml(
      reply,
      400,
      messagePage({
        assetsPath,
        title: t.expiredTitle,
        message: t.expiredMessage,
        link: { href: config.publicUrl, label: t.returnToApp },
      }),
    );

  /** The interaction named by the URL and the browser's cookie; undefined (and the expired page sent) otherwise. */
  async function interactionFor(
    request: FastifyRequest<{ Params: UidParams }>,
    reply: FastifyReply,
  ): Promise<Interaction | undefined> {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      if (interaction.uid === request.params.uid) return interaction;
    } catch (error) {
      if (!(error instanceof errors.SessionNotFound)) throw error;
    }
    await expired(reply);
    return undefined;
  }

  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    result: InteractionResults,
  ): Promise<FastifyReply> {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: true,
    });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  }

  async function consent(request: FastifyRequest, reply: FastifyReply, interaction: Interaction) {
    const { prompt, params, session } = interaction;
    if (params['client_id'] !== config.identity.clientId || !session) {
      return finish(request, reply, { error: 'access_denied', error_description: 'consent is not granted' });
    }
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    const grant =
      existing ?? new provider.Grant({ accountId: session.accountId, clientId: config.identity.clientId });
    const details = prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    const grantId = await grant.save();
    return finish(request, reply, { consent: { grantId } });
  }

  await app.register((scope, _options, done) => {
    // The forms post urlencoded; only these routes parse it, the provider's own routes read their bodies themselves.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => {
        done(
          null,
          Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
        );
      },
    );

    scope.get<{ Params: UidParams }>(`${mountPath}/interaction/:uid`, async (request, reply) => {
      const interaction = await interactionFor(request, reply);
      if (!interaction) return reply;
      switch (interaction.prompt.name) {
        case 'login': {
          const hint = interaction.params['login_hint'];
          return sendHtml(
            reply,
            200,
            loginPage({
              assetsPath,
              prefetch: appStartFiles,
              action: loginAction(interaction.uid),
              email: typeof hint === 'string' ? hint : undefined,
            }),
          );
        }
        case 'consent':
          return consent(request, reply, interaction);
        default:
          return finish(request, reply, {
            error: 'access_denied',
            error_description: 'unsupported interaction',
          });
      }
    });

    scope.post<{ Params: UidParams; Body: FormBody }>(
      `${mountPath}/interaction/:uid/login`,
      async (request, reply) => {
        const interaction = await interactionFor(request, reply);
        if (!interaction) return reply;
        if (interaction.prompt.name !== 'login')
          return reply.redirect(`${mountPath}/interaction/${interaction.uid}`, 303);

        const email = field(request.body, 'email').trim();
        const password = field(request.body, 'password');
        // Unticked, the provider's session is a browser-session cookie: a shared ward PC forgets the user.
        const keep = field(request.body, 'keep') === 'yes';
        const page = (status: number, error: string) =>
          sendHtml(
            reply,
            status,
            loginPage({
              assetsPath,
              prefetch: appStartFiles,
              action: loginAction(interaction.uid),
              email,
              error,
              keep,
            }),
          );
        if (email === '' || password === '') return page(400, t.missingCredentials);

        // Only the configured proxies say who the client is (TRUSTED_PROXIES): request.ip follows them.
        const source = { email, address: request.ip };
        if (!(await claimSignIn(db, source))) return page(429, t.tooManyAttempts);

        const found = await findUserByEmail(db, email);
        // A production server that was not told to seed the demo knows no demo account.
        const user = found && (config.demoAccountsAccepted || !isDemoAccount(found.id)) ? found : undefined;
        const valid =
          user?.passwordHash != null
            ? await verifyPassword(password, user.passwordHash)
            : await spendVerificationTime(password).then(() => false);
        // Every sign-in is audited, refused or not: who (when the email is an account's), when, from where.
        const audit = (action: string, userId: string | null) =>
          recordAuditAction(db, { userId, action, caseId: null, address: request.ip, at: new Date() });
        if (!user || !valid) {
          await audit(SIGN_IN_AUDIT.failed, user?.id ?? null);
          return page(401, t.incorrectCredentials);
        }
        await forgiveSignIn(db, source);
        // A deactivated account signs in no more; said only to whoever knows its password.
        if (!user.active) {
          await audit(SIGN_IN_AUDIT.refused, user.id);
          return page(403, t.accountDeactivated);
        }
        await audit(SIGN_IN_AUDIT.succeeded, user.id);
        // A hash stored with a lower cost than today's is replaced while the password is at hand.
        if (user.passwordHash !== null && needsRehash(user.passwordHash)) {
          await replacePasswordHash(db, user.id, user.passwordHash, await hashPassword(password));
        }

        if (user.forceChangePassword) {
          const pending: PendingPasswordChange = {
            passwordChange: { accountId: user.id, email: user.email, keep },
          };
          interaction.result = pending;
          await interaction.persist();
          return reply.redirect(`${mountPath}/interaction/${interaction.uid}/password`, 303);
        }
        return finish(request, reply, { login: { accountId: user.id, remember: keep } });
      },
    );

    scope.get<{ Params: UidParams }>(`${mountPath}/interaction/:uid/password`, async (request, reply) => {
      const interaction = await interactionFor(request, reply);
      if (!interaction) return reply;
      const pending = (interaction.result as PendingPasswordChange | undefined)?.passwordChange;
      if (!pending) return reply.redirect(`${mountPath}/interaction/${interaction.uid}`, 303);
      return sendHtml(
        reply,
        200,
        changePasswordPage({
          assetsPath,
          action: passwordAction(interaction.uid),
          email: pending.email,
          rule: PASSWORD_RULE,
        }),
      );
    });

    scope.post<{ Params: UidParams; Body: FormBody }>(
      `${mountPath}/interaction/:uid/password`,
      async (request, reply) => {
        const interaction = await interactionFor(request, reply);
        if (!interaction) return reply;
        const pending = (interaction.result as PendingPasswordChange | undefined)?.passwordChange;
        const user = pending && (await findUserById(db, pending.accountId));
        if (!user?.active) return reply.redirect(`${mountPath}/interaction/${interaction.uid}`, 303);

        const password = field(request.body, 'password');
        const confirm = field(request.body, 'confirm');
        const page = (error: string) =>
          sendHtml(
            reply,
            400,
            changePasswordPage({
              assetsPath,
              action: passwordAction(interaction.uid),
              email: user.email,
              rule: PASSWORD_RULE,
              error,
            }),
          );
        const weak = passwordProblem(password, { email: user.email, displayName: user.displayName });
        if (weak !== null) return page(weak);
        if (password !== confirm) return page(t.passwordsDoNotMatch);
        if (user.passwordHash !== null && (await verifyPassword(password, user.passwordHash))) {
          return page(t.passwordUnchanged);
        }

        await setPassword(db, user.id, await hashPassword(password));
        return finish(request, reply, { login: { accountId: user.id, remember: pending?.keep === true } });
      },
    );
    done();
  });
}
