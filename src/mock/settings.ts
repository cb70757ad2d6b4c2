// What the mock mode runs as: the role signed in (none: the mock sign-in screen), the scenario and the
// operation a failing scenario fails. The address sets them (?role=specialist&scenario=server-error&operation=
// getCase), so a QA link reproduces a state; they are kept for the tab, so the app's own navigation keeps them.
import type { Role } from '../../generated/types.gen.ts';
import { isRole } from '../lib/auth/roles.ts';
import type { OperationId } from './fixtures.ts';
import { isOperation, isScenario, type ScenarioName } from './scenarios.ts';

export interface MockSettings {
  readonly role: Role | null;
  readonly scenario: ScenarioName;
  readonly operation: OperationId | null;
}

const STORAGE_KEY = 'case-router.mock-settings';
const PARAMS = ['role', 'scenario', 'operation'] as const;

function stored(storage: Storage): MockSettings {
  try {
    const raw = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as Record<string, string | null | undefined>;
    return {
      role: raw['role'] != null && isRole(raw['role']) ? raw['role'] : null,
      scenario: isScenario(raw['scenario']) ? raw['scenario'] : 'default',
      operation: isOperation(raw['operation']) ? raw['operation'] : null,
    };
  } catch {
    return { role: null, scenario: 'default', operation: null };
  }
}

export function saveSettings(settings: MockSettings, storage: Storage = sessionStorage): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(settings));
}

/** The address's settings over the stored ones; the address loses them once read, as the app routes on. */
export function readSettings(location: URL, storage: Storage = sessionStorage): MockSettings {
  const base = stored(storage);
  const params = location.searchParams;
  const role = params.get('role');
  const scenario = params.get('scenario');
  const operation = params.get('operation');
  const settings: MockSettings = {
    role: role === null ? base.role : isRole(role) ? role : null,
    scenario: isScenario(scenario) ? scenario : scenario === null ? base.scenario : 'default',
    operation: isOperation(operation) ? operation : operation === null ? base.operation : null,
  };
  saveSettings(settings, storage);
  return settings;
}

/** The address without the mock's own parameters. */
export function withoutMockParams(location: URL): string {
  const url = new URL(location.href);
  for (const name of PARAMS) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}
