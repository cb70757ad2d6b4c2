// `npm run api:breaking` (part of `npm test`): compares the bundled contract (generated/openapi.json) with the
// document of the last released version of the API (openapi/releases/<version>.json) and fails on a change
// that breaks a client built against that release (a removed operation or response property, a narrowed type
// or enum, a new required request field or parameter), unless info.version's major number went up.
// `npm run api:release` keeps the current document as the new release (see docs/decisions.md, "Releasing the
// API"). The classification of each change, request or response side, is api-smart-diff's.
import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiDiff, type Diff } from 'api-smart-diff';

export const RELEASES_DIR = 'openapi/releases';
export const CURRENT_DOCUMENT = 'generated/openapi.json';

interface VersionedDocument {
  info: { version: string };
}

export interface BreakingChange {
  /** remove, add, replace, rename */
  readonly action: string;
  /** Where in the document, e.g. paths//cases/get/parameters/10 */
  readonly path: string;
  readonly description: string;
}

export interface Verdict {
  readonly ok: boolean;
  readonly baseVersion: string;
  readonly version: string;
  readonly breaking: readonly BreakingChange[];
  readonly reason: string;
}

/** Major, minor and patch of a semantic version; NaN parts make no order. */
export function parseVersion(version: string): [number, number, number] {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version);
  if (!match) throw new Error(`"${version}" is not a semantic version (major.minor.patch)`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export function compareVersions(a: string, b: string): number {
  const [left, right] = [parseVersion(a), parseVersion(b)];
  for (let index = 0; index < 3; index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * A response property removed, even an optional one: api-smart-diff lets that pass (a client must cope with an
 * optional field missing), but a screen that shows it loses it for good, so the contract's rule is stricter.
 */
function isRemovedResponseProperty(diff: Diff): boolean {
  const path = diff.path.map(String);
  return (
    diff.action === 'remove' &&
    path[0] === 'paths' &&
    path.includes('responses') &&
    path.at(-2) === 'properties'
  );
}

/**
 * Whether a change the library calls breaking can break a client. Not when it is only under `components/`
 * (every use of a schema is compared again where an operation reaches it), nor when it adds to what a
 * response says (a new property, required or not, or a tighter bound on what the server sends): a client
 * built against the release reads the answer as before. Request-side additions stay breaking: a new required
 * field or a tighter bound refuses what an old client sends.
 */
function breaksAClient(diff: Diff): boolean {
  const path = diff.path.map(String);
  if (isRemovedResponseProperty(diff)) return true;
  if (diff.type !== 'breaking' || path[0] === 'components') return false;
  const responseSide = path[0] === 'paths' && path.includes('responses');
  return !(responseSide && diff.action === 'add');
}

/** The changes from the released document to the current one that break a client of the release. */
export function breakingChanges(released: unknown, current: unknown): BreakingChange[] {
  return apiDiff(released, current)
    .filter(breaksAClient)
    .map((diff) => ({
      action: diff.action,
      path: diff.path.map(String).join('/'),
      description: diff.description ?? `${diff.action} ${diff.path.map(String).join('/')}`,
    }));
}

/** Whether the current document may ship after the released one. */
export function checkCompatibility(released: VersionedDocument, current: VersionedDocument): Verdict {
  const baseVersion = released.info.version;
  const version = current.info.version;
  const breaking = breakingChanges(released, current);
  const [baseMajor] = parseVersion(baseVersion);
  const [major] = parseVersion(version);
  if (compareVersions(version, baseVersion) < 0) {
    return {
      ok: false,
      baseVersion,
      version,
      breaking,
      reason: `info.version ${version} is older than the release ${baseVersion}`,
    };
  }
  if (breaking.length === 0) {
    return { ok: true, baseVersion, version, breaking, reason: `no breaking change since ${baseVersion}` };
  }
  if (major > baseMajor) {
    return {
      ok: true,
      baseVersion,
      version,
      breaking,
      reason: `${breaking.length} breaking change(s) since ${baseVersion}, allowed by the new major version ${version}`,
    };
  }
  return {
    ok: false,
    baseVersion,
    version,
    breaking,
    reason: `${breaking.length} breaking change(s) since the release ${baseVersion}: keep the old shape (add, do not remove or narrow), or raise info.version to ${major + 1}.0.0 and write it in docs/api-changes.md`,
  };
}

/** The newest release kept in the repository, by semantic version. */
export function latestRelease(dir = RELEASES_DIR): string | undefined {
  if (!existsSync(dir)) return undefined;
  const versions = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort(compareVersions);
  const last = versions.at(-1);
  return last === undefined ? undefined : join(dir, `${last}.json`);
}

function readDocument(path: string): VersionedDocument {
  return JSON.parse(readFileSync(path, 'utf8')) as VersionedDocument;
}

function main(args: string[]): number {
  const current = readDocument(CURRENT_DOCUMENT);
  const releasePath = latestRelease();
  if (args.includes('--release')) {
    const target = join(RELEASES_DIR, `${current.info.version}.json`);
    if (existsSync(target)) {
      console.error(
        `${target} exists: raise info.version in openapi/openapi.yaml first (a release never changes).`,
      );
      return 1;
    }
    if (releasePath !== undefined) {
      const verdict = checkCompatibility(readDocument(releasePath), current);
      if (!verdict.ok) {
        console.error(verdict.reason);
        return 1;
      }
    }
    copyFileSync(CURRENT_DOCUMENT, target);
    console.log(`Kept ${target} as the released API ${current.info.version}.`);
    return 0;
  }
  if (releasePath === undefined) {
    console.error(`No released document in ${RELEASES_DIR}/: cut one with \`npm run api:release\`.`);
    return 1;
  }
  const verdict = checkCompatibility(readDocument(releasePath), current);
  if (verdict.ok) {
    console.log(`API ${verdict.version} against the release ${verdict.baseVersion}: ${verdict.reason}.`);
    return 0;
  }
  console.error(`API ${verdict.version} against the release ${verdict.baseVersion}: ${verdict.reason}.`);
  for (const change of verdict.breaking) console.error(`  ${change.description}`);
  return 1;
}

if (import.meta.main) process.exitCode = main(process.argv.slice(2));
