import { randomUUID } from 'node:crypto';
import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import type { Queryable } from '../db/database.ts';
import { decideSignup, type NamedHospital } from '../auth/signup-policy.ts';
import { findUserByEmail, findUserById, normaliseEmail, toApiUser } from '../auth/users.ts';
import { badRequest, conflict, forbidden } from '../errors.ts';
import { callerOf } from '../http/request-context.ts';
import { hashPassword, passwordProblem } from '../identity/passwords.ts';

export const signupProblems = {
  duplicateEmail: 'A user with this email already exists',
  specialtyRequired: 'A specialist needs at least one specialty type (specialty_types)',
  specialtyNotForRole: 'Only specialists have specialty types: leave specialty_types empty for this role',
  unknownSpecialty: (names: readonly string[]) =>
    `Unknown specialty type: ${names.join(', ')}. Use the names of your hospital system's specialties.`,
} as const;

const UNIQUE_VIOLATION = '23505';

async function namedHospital(
  db: Queryable,
  hospitalId: string | undefined,
): Promise<NamedHospital | null | undefined> {
  if (hospitalId === undefined) return undefined;
  const [row] = await db.query<{ id: string; hospital_system_id: string }>(
    'SELECT id, hospital_system_id FROM hospitals WHERE id = $1',
    [hospitalId],
  );
  return row ? { id: row.id, hospitalSystemId: row.hospital_system_id } : null;
}

async function unknownSpecialties(
  db: Queryable,
  hospitalSystemId: string,
  names: readonly string[],
): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    'SELECT name FROM specialties WHERE hospital_system_id = $1 AND name = ANY($2::text[])',
    [hospitalSystemId, names],
  );
  const known = new Set(rows.map((row) => row.name));
  return names.filter((name) => !known.has(name));
}

export const authHandlers = {
  async signup(request, reply) {
    const caller = callerOf(request);
    const { body } = request;
    const { db } = request.server;

    const decision = decideSignup(caller, body.role, await namedHospital(db, body.hospital_id));
    if (!decision.allowed) {
      throw decision.status === 400 ? badRequest(decision.detail) : forbidden(decision.detail);
    }

    const weak = passwordProblem(body.password);
    if (weak !== null) throw badRequest(weak);

    const specialtyTypes = [...new Set((body.specialty_types ?? []).map((name) => name.trim()))];
    if (body.role === 'specialist' && specialtyTypes.length === 0) {
      throw badRequest(signupProblems.specialtyRequired);
    }
    if (body.role !== 'specialist' && specialtyTypes.length > 0) {
      throw badRequest(signupProblems.specialtyNotForRole);
    }
    const unknown = await unknownSpecialties(db, caller.hospitalSystemId, specialtyTypes);
    if (unknown.length > 0) throw badRequest(signupProblems.unknownSpecialty(unknown));

    const email = normaliseEmail(body.email);
    if (await findUserByEmail(db, email)) throw conflict(signupProblems.duplicateEmail);

    const id = `usr_${randomUUID()}`;
    try {
      await db.query(
        `INSERT INTO users (id, email, password_hash, display_name, roles, hospital_system_id, hospital_id,
           specialty_types, phone, force_change_password_next_sign_in, created_by)
         VALUES ($1, $2, $3, $4, $5::text[], $6, $7, $8::text[], $9, $10, $11)`,
        [
          id,
          email,
          await hashPassword(body.password),
          body.display_name.trim(),
          [body.role],
          caller.hospitalSystemId,
          decision.hospitalId,
          specialtyTypes,
          body.contact_info.phone ?? null,
          body.force_change_password_next_sign_in ?? true,
          caller.id,
        ],
      );
    } catch (error) {
      // Two sign-ups of one email at the same moment: the unique index decides.
      if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) {
        throw conflict(signupProblems.duplicateEmail);
      }
      throw error;
    }
    const created = await findUserById(db, id);
    if (!created) throw new Error(`User ${id} vanished after its creation`);
    return reply.code(201).send(await toApiUser(db, created));
  },
} satisfies Pick<RouteHandlers, 'signup'>;
