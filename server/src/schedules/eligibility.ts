// Who may take a shift of a specialty at a hospital: an active specialist of that hospital who practises it.
import type { Queryable } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { findSpecialist, type SpecialistRow } from './availability-repository.ts';

/** The specialist, or 422 saying why they may not take the shift. */
export async function checkSpecialist(
  db: Queryable,
  userId: string,
  hospitalId: string,
  specialtyName: string,
): Promise<SpecialistRow> {
  const user = await findSpecialist(db, userId);
  // Someone of another hospital is unknown here, as a user who does not exist.
  if (!user || user.hospital_id !== hospitalId) {
    throw new HttpError(422, 'That specialist does not work at this hospital');
  }
  if (!user.roles.includes('specialist')) {
    throw new HttpError(422, `${user.display_name} is not a specialist`, `${userId} is not a specialist`);
  }
  if (!user.active) {
    throw new HttpError(
      422,
      `${user.display_name}'s account is deactivated`,
      `${userId}'s account is deactivated`,
    );
  }
  if (!user.specialty_types.includes(specialtyName)) {
    throw new HttpError(
      422,
      `${user.display_name} does not practise ${specialtyName}`,
      `${userId} does not practise ${specialtyName}`,
    );
  }
  return user;
}
