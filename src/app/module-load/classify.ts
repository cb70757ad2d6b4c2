// Which title a failed module load gets while it is retried: a network issue, a timeout or a loading error.
// Pure, so the mapping is testable.
import { texts } from '../../config/texts.ts';

export type ModuleLoadFailureKind = 'components' | 'modules' | 'network' | 'timeout' | 'error';

export interface ModuleLoadFailureCopy {
  readonly title: string;
  readonly message?: string;
}

// Browsers word a failed chunk differently: Chromium "Failed to fetch dynamically imported module",
// Firefox "error loading dynamically imported module", Safari "Importing a module script failed";
// bundlers that name chunks say "Loading chunk 12 failed" with the name ChunkLoadError.
const TIMEOUT = /time(?:d)?[\s-]?out/i;
const CHUNK = /loading (?:css )?chunk [^\s]+ failed/i;
const MODULE =
  /dynamically imported module|importing a module script failed|module script|unable to preload css/i;
const NETWORK =
  /networkerror|network error|network request failed|err_internet_disconnected|err_network|^failed to fetch$|^load failed$/i;

function describe(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  if (typeof error === 'string') return { name: '', message: error };
  return { name: '', message: '' };
}

/** `online` is navigator.onLine: an offline browser makes every failure a network failure. */
export function classifyModuleLoadFailure(error: unknown, online: boolean): ModuleLoadFailureKind {
  if (!online) return 'network';
  const { name, message } = describe(error);
  if (name === 'TimeoutError' || TIMEOUT.test(message)) return 'timeout';
  if (NETWORK.test(message)) return 'network';
  if (name === 'ChunkLoadError' || CHUNK.test(message)) return 'components';
  if (MODULE.test(message)) return 'modules';
  return 'error';
}

export function moduleLoadFailureCopy(kind: ModuleLoadFailureKind): ModuleLoadFailureCopy {
  switch (kind) {
    case 'components':
      return { title: texts.loadingComponents };
    case 'modules':
      return { title: texts.loadingModules };
    case 'network':
      return { title: texts.networkIssue, message: texts.networkIssueMessage };
    case 'timeout':
      return { title: texts.loadingTimeout };
    case 'error':
      return { title: texts.loadingError };
  }
}
