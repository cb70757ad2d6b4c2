// What under a path (the path included) is not owner-only: a folder other than 0700 or a file other than 0600,
// each as "path mode" (links are not followed). Empty when everything is.
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export function notOwnerOnly(path: string): string[] {
  const stats = lstatSync(path);
  const mode = stats.mode & 0o777;
  if (stats.isDirectory()) {
    return [
      ...(mode === 0o700 ? [] : [`${path} ${mode.toString(8)}`]),
      ...readdirSync(path).flatMap((name) => notOwnerOnly(join(path, name))),
    ];
  }
  return stats.isFile() && mode !== 0o600 ? [`${path} ${mode.toString(8)}`] : [];
}
