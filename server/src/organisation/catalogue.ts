// The specialty catalogue of a hospital system, as its administrator keeps it: add, rename, retire, bring
// back. A retired specialty keeps its cases, shifts and specialists but is no longer offered for new ones.
// Every change writes an audit event with the record before and after.
import type { CatalogueSpecialty, SpecialtyCreate, SpecialtyUpdate } from '../../../generated/types.gen.ts';
import { recordAdminChange } from '../audit/admin-audit-repository.ts';
import type { Actor, Caller } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import {
  findSpecialtyNamed,
  insertCatalogueSpecialty,
  listCatalogue,
  readCatalogueSpecialty,
  updateSpecialtyAtVersion,
} from './catalogue-repository.ts';

export const catalogueProblems = {
  systemAdminOnly: 'Only a hospital system administrator manages the specialty catalogue',
  notFound: 'Specialty not found',
  nameTaken: (name: string) => `The catalogue already has ${name}`,
  stale:
    'Someone else changed this specialty while you were editing it. Reload to see their change, then make yours again.',
} as const;

function assertSystemAdmin(caller: Caller): void {
  if (!caller.roles.includes('hospital_system')) throw forbidden(catalogueProblems.systemAdminOnly);
}

export function readCatalogue(
  db: Database,
  caller: Caller,
  q: string | undefined,
): Promise<CatalogueSpecialty[]> {
  assertSystemAdmin(caller);
  return listCatalogue(db, caller.hospitalSystemId, q);
}

export async function addSpecialty(
  db: Database,
  actor: Actor,
  body: SpecialtyCreate,
): Promise<CatalogueSpecialty> {
  const { caller } = actor;
  assertSystemAdmin(caller);
  const name = body.name.trim();
  const clash = await findSpecialtyNamed(db, caller.hospitalSystemId, name, null);
  if (clash) throw conflict(catalogueProblems.nameTaken(clash.name));
  const id = newId('spc');
  return db.transaction(async (tx) => {
    await insertCatalogueSpecialty(tx, { id, hospitalSystemId: caller.hospitalSystemId, name });
    const created = await readCatalogueSpecialty(tx, caller.hospitalSystemId, id);
    if (!created) throw new Error(`Specialty ${id} vanished after its creation`);
    await recordAdminChange(tx, {
      actorId: caller.id,
      at: new Date(),
      address: actor.address,
      action: 'specialty.create',
      hospitalSystemId: caller.hospitalSystemId,
      hospitalId: null,
      targetType: 'specialty',
      targetId: id,
      before: null,
      after: created,
    });
    return created;
  });
}

export async function changeSpecialty(
  db: Database,
  actor: Actor,
  specialtyId: string,
  body: SpecialtyUpdate,
): Promise<CatalogueSpecialty> {
  const { caller } = actor;
  assertSystemAdmin(caller);
  const before = await readCatalogueSpecialty(db, caller.hospitalSystemId, specialtyId);
  if (!before) throw notFound(catalogueProblems.notFound);
  if (before.version !== body.version) throw conflict(catalogueProblems.stale);
  const name = body.name.trim();
  const clash = await findSpecialtyNamed(db, caller.hospitalSystemId, name, specialtyId);
  if (clash) throw conflict(catalogueProblems.nameTaken(clash.name));
  return db.transaction(async (tx) => {
    const after = await updateSpecialtyAtVersion(tx, specialtyId, body.version, {
      name,
      retired: body.retired,
    });
    if (!after) throw conflict(catalogueProblems.stale);
    const action =
      before.retired === after.retired
        ? 'specialty.rename'
        : after.retired
          ? 'specialty.retire'
          : 'specialty.restore';
    await recordAdminChange(tx, {
      actorId: caller.id,
      at: new Date(),
      address: actor.address,
      action,
      hospitalSystemId: caller.hospitalSystemId,
      hospitalId: null,
      targetType: 'specialty',
      targetId: specialtyId,
      before,
      after,
    });
    return after;
  });
}
