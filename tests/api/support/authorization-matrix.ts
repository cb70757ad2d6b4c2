// The machinery of the authorization matrix (tests/api/authorization-matrix.test.ts): who calls (the roles),
// on what (the scopes of a target), every operation of the bundled contract with a request it accepts (its
// required query and header parameters, its JSON example or a PNG), and another hospital system, seeded by
// copying rows of Riverside's, whose ids no caller may ever be shown.
import sharp from 'sharp';
import type { Database } from '../../../server/src/db/database.ts';
import { loadOpenApiDocument } from '../../../server/src/openapi.ts';
import { RVG_DOCTOR, RVG_NEURO_1 } from './cases-app.ts';

type Json = Record<string, unknown>;

/** Who calls: anonymous, then one user of each role, all of St George's (or of its system). */
export const ROLES = [
  'anonymous',
  'er_doctor',
  'emergency_room',
  'emergency_room_admin',
  'specialist',
  'hospital',
  'hospital_business_administrator',
  'hospital_system',
  'hospital_system_business_administrator',
  'no_role',
] as const;
export type Role = (typeof ROLES)[number];

/** Roles that see every hospital of their system; the others see their own hospital only. */
export const SYSTEM_ROLES = new Set<Role>(['hospital_system', 'hospital_system_business_administrator']);

export const SCOPES = ['own', 'same_hospital', 'other_hospital', 'other_system', 'missing'] as const;
export type Scope = (typeof SCOPES)[number];
/** An operation that names no target is called once, under this scope. */
export const NO_TARGET = 'none';

export interface Operation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly pathParameters: string[];
  readonly query: Record<string, string>;
  readonly headers: Record<string, string>;
  readonly jsonExample: unknown;
  readonly binary: boolean;
  readonly streams: boolean;
}

const document = loadOpenApiDocument() as Json;

function resolve(node: unknown): Json {
  let current = (node ?? {}) as Json;
  while (typeof current['$ref'] === 'string') {
    current = current['$ref']
      .slice(2)
      .split('/')
      .reduce<Json>((into, key) => into[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, document);
  }
  return current;
}

/** A value the parameter accepts: its example, else one made from its schema. */
function sampleValue(parameter: Json): string {
  const schema = resolve(parameter['schema']);
  const example = parameter['example'] ?? schema['example'];
  if (typeof example === 'string' || typeof example === 'number') return String(example);
  if (Array.isArray(schema['enum'])) return String(schema['enum'][0]);
  if (schema['format'] === 'date') return '2026-10-01';
  if (schema['format'] === 'date-time') return new Date().toISOString();
  return 'sample-value-1';
}

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Every operation, reads first and deletions last, so that what a cell changes disturbs few later cells. */
export function operations(): Operation[] {
  const paths = document['paths'] as Record<string, Json>;
  const all = Object.entries(paths).flatMap(([path, item]) =>
    ['get', 'post', 'put', 'patch', 'delete'].flatMap((method) => {
      const operation = item[method] as Json | undefined;
      if (!operation) return [];
      const parameters = [
        ...((item['parameters'] as unknown[] | undefined) ?? []),
        ...((operation['parameters'] as unknown[] | undefined) ?? []),
      ].map(resolve);
      const content = (resolve(operation['requestBody'])['content'] ?? {}) as Record<string, Json>;
      const examples = (content['application/json']?.['examples'] ?? {}) as Record<string, unknown>;
      const first = Object.values(examples)[0];
      const ok = resolve((operation['responses'] as Json)['200']);
      const required = (where: string) =>
        parameters.filter((parameter) => parameter['in'] === where && parameter['required'] === true);
      return [
        {
          operationId: operation['operationId'] as string,
          method: method.toUpperCase(),
          path,
          pathParameters: parameters
            .filter((parameter) => parameter['in'] === 'path')
            .map((parameter) => parameter['name'] as string),
          query: Object.fromEntries(
            required('query').map((parameter) => [parameter['name'] as string, sampleValue(parameter)]),
          ),
          headers: Object.fromEntries(
            required('header').map((parameter) => [
              (parameter['name'] as string).toLowerCase(),
              sampleValue(parameter),
            ]),
          ),
          jsonExample: first === undefined ? undefined : resolve(first)['value'],
          binary: Object.keys(content).some((type) => type !== 'application/json'),
          streams: Object.keys(ok['content'] ?? {}).includes('text/event-stream'),
        },
      ];
    }),
  );
  return all.sort(
    (a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method) || a.path.localeCompare(b.path),
  );
}

export type Targets = Record<string, Record<Scope, string>>;

/** Copies one row of `table` (by id) with some columns changed: fixtures of another hospital system. */
export async function copyRow(
  db: Database,
  table: string,
  id: string,
  changes: Record<string, unknown>,
  key = 'id',
) {
  await db.query(`create temp table copied as select * from ${table} where ${key} = $1`, [id]);
  const columns = Object.keys(changes);
  await db.query(
    `update copied set ${columns.map((column, index) => `${column} = $${index + 1}`).join(', ')}`,
    Object.values(changes),
  );
  const insertable = await db.query<{ name: string }>(
    `select column_name as name from information_schema.columns
     where table_schema = current_schema() and table_name = $1 and is_generated = 'NEVER'`,
    [table],
  );
  const names = insertable.map((column) => column.name).join(', ');
  await db.query(`insert into ${table} (${names}) select ${names} from copied`);
  await db.query('drop table copied');
}

export const OTHER = {
  system: 'hs_authz_other',
  hospital: 'hosp_authz_other',
  specialty: 'spc_authz_other',
  doctor: 'usr_authz_other_doctor',
  specialist: 'usr_authz_other_specialist',
  case: 'cas_authz_other',
  shift: 'shf_authz_other',
  timeOff: 'tof_authz_other',
  attachment: 'att_authz_other',
} as const;

/** Another hospital system with a hospital, a specialty, a doctor, a specialist, a case, a shift, time off. */
export async function seedOtherSystem(db: Database, rvgCase: string, rvgShift: string): Promise<void> {
  await db.query('insert into hospital_systems (id, name) values ($1, $2)', [
    OTHER.system,
    'Elsewhere Health',
  ]);
  await copyRow(db, 'hospitals', 'hosp_rvg', { id: OTHER.hospital, hospital_system_id: OTHER.system });
  await copyRow(db, 'hospital_case_settings', 'hosp_rvg', { hospital_id: OTHER.hospital }, 'hospital_id');
  await copyRow(db, 'specialties', 'spc_neurology', {
    id: OTHER.specialty,
    hospital_system_id: OTHER.system,
  });
  for (const [id, from, email] of [
    [OTHER.doctor, RVG_DOCTOR, 'doctor@elsewhere.test'],
    [OTHER.specialist, RVG_NEURO_1, 'neurologist@elsewhere.test'],
  ] as const) {
    await copyRow(db, 'users', from, {
      id,
      email,
      hospital_system_id: OTHER.system,
      hospital_id: OTHER.hospital,
      created_by: null,
    });
  }
  await copyRow(db, 'cases', rvgCase, {
    id: OTHER.case,
    hospital_id: OTHER.hospital,
    specialty_id: OTHER.specialty,
    opened_by: OTHER.doctor,
    assigned_to: OTHER.specialist,
    idempotency_key: null,
  });
  await copyRow(db, 'on_call_shifts', rvgShift, {
    id: OTHER.shift,
    hospital_id: OTHER.hospital,
    specialty_id: OTHER.specialty,
    primary_id: OTHER.specialist,
    backup_id: null,
  });
}

export async function pngBytes(): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .png()
    .toBuffer();
}

export interface Answer {
  readonly status: number;
  readonly body: string;
}
