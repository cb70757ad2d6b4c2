// The SSRF guard of Web Push: the server sends requests to whatever endpoint a device names, so an endpoint
// must be https and every address its host resolves to must be on the public internet: never loopback,
// private, link-local, carrier-grade NAT, multicast or reserved. PUSH_ALLOW_INSECURE_LOCAL=true lets
// http://127.0.0.1 through (a push service inside a test); a production server refuses to start with it.
// Checked when a device subscribes and again before every send, so a name that later resolves inward
// (DNS rebinding) is refused then too.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** Whether the address is on the public internet (an IPv4-mapped IPv6 address counts as its IPv4 one). */
export function isPublicAddress(address: string): boolean {
  const mapped = MAPPED_V4.exec(address)?.[1];
  if (mapped !== undefined) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export const endpointProblems = {
  notUrl: 'The push endpoint is not a URL',
  notHttps: 'The push endpoint must be an https address',
  credentials: 'The push endpoint must not carry a user name or password',
  unresolved: 'The push endpoint’s host could not be resolved',
  inward: 'The push endpoint must be a push service on the public internet, not a local or private address',
} as const;

export type Resolve = (host: string) => Promise<readonly string[]>;

const systemResolve: Resolve = async (host) =>
  (await lookup(host, { all: true, order: 'verbatim' })).map((entry) => entry.address);

/**
 * Why the endpoint may not be pushed to, or null when it may. A host that cannot be resolved now is refused
 * unless `acceptUnresolved` (a device subscribing while DNS is down): every send checks again at connect time.
 */
export async function endpointProblem(
  endpoint: string,
  allowInsecureLocal: boolean,
  {
    resolve = systemResolve,
    acceptUnresolved = false,
  }: { resolve?: Resolve; acceptUnresolved?: boolean } = {},
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return endpointProblems.notUrl;
  }
  if (url.username !== '' || url.password !== '') return endpointProblems.credentials;
  if (allowInsecureLocal && url.protocol === 'http:' && url.hostname === '127.0.0.1') return null;
  if (url.protocol !== 'https:') return endpointProblems.notHttps;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: readonly string[];
  try {
    addresses = isIP(host) === 0 ? await resolve(host) : [host];
  } catch {
    return acceptUnresolved ? null : endpointProblems.unresolved;
  }
  if (addresses.length === 0) return acceptUnresolved ? null : endpointProblems.unresolved;
  return addresses.every(isPublicAddress) ? null : endpointProblems.inward;
}
