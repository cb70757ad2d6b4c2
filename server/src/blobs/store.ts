// Where attachment bytes live. One interface; the directory implementation (BLOB_DIR, by default under the
// data folder) is the embedded default, and an S3-compatible store can implement the same three calls.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../db/private-files.ts';

export interface BlobStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** undefined when no blob has this key. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9_/-]{0,200}$/;

export function directoryBlobStore(root: string): BlobStore {
  const base = resolve(root);
  const pathOf = (key: string): string => {
    const path = resolve(join(base, key));
    // Keys are ours, but a key that could climb out of the folder is refused rather than trusted.
    if (!KEY.test(key) || key.includes('..') || !path.startsWith(base + sep))
      throw new Error(`Invalid blob key: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      // Owner-only, like the rest of the data folder: a clinical image is patient data.
      await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
      // Written aside and renamed: a reader never sees half a file.
      const temporary = `${path}.${randomUUID()}.tmp`;
      await writeFile(temporary, bytes, { mode: PRIVATE_FILE_MODE });
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
