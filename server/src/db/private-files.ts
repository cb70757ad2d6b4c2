// Owner-only files: the data folder holds the database (its write-ahead log carries the signing key, password
// hashes and clinical text), the blobs and the generated TLS key, and a backup holds the same. Folders are
// 0700 and files 0600 whatever the umask: a mode given at creation is only ever narrowed by the umask, and
// what exists already (or what PGlite writes 0666 from its initial image) is narrowed here.
import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and its missing parents) owner-only, and narrows it when it exists already. */
export function makePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(path, PRIVATE_DIR_MODE);
}

/** Writes a file only its owner may read; an existing file is narrowed too. */
export function writePrivateFile(path: string, data: string | Uint8Array): void {
  writeFileSync(path, data, { mode: PRIVATE_FILE_MODE });
  chmodSync(path, PRIVATE_FILE_MODE);
}

/**
 * Narrows every folder under root (root included) to 0700 and every file to 0600; symbolic links are left as
 * they are and never followed (root itself is). `only: 'root'` narrows root alone (a folder holding others' files too). Answers
 * the paths it changed, relative to root ('.' for root itself); nothing when root does not exist.
 */
export function narrowTree(root: string, { only }: { only?: 'root' } = {}): string[] {
  const changed: string[] = [];
  const visit = (path: string): void => {
    let stats;
    try {
      // The root may be a link (a data folder on another disk): it is followed, links inside it are not.
      stats = path === root ? statSync(path) : lstatSync(path);
    } catch (error) {
      // Gone while we walked (a temporary file renamed into place): nothing left to narrow.
      if ((error as { code?: unknown }).code === 'ENOENT') return;
      throw error;
    }
    if (stats.isSymbolicLink()) return;
    const wanted = stats.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((stats.mode & 0o777) !== wanted) {
      chmodSync(path, wanted);
      changed.push(relative(root, path) || '.');
    }
    if (stats.isDirectory() && (only === undefined || path !== root)) {
      for (const name of readdirSync(path)) visit(join(path, name));
    }
  };
  visit(root);
  return changed;
}
