// The specialty catalogue of the caller's hospital system.
import type { Specialty } from '../../../generated/types.gen.ts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { listSpecialties } from './organisation-repository.ts';

export function specialtiesOf(db: Queryable, caller: Caller): Promise<Specialty[]> {
  return listSpecialties(db, caller.hospitalSystemId);
}
