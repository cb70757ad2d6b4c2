import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/database.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { listAdminChanges, recordAdminChange } from '../../server/src/audit/admin-audit-repository.ts';
import { findCoveringShift } from '../../server/src/schedules/shifts-repository.ts';
import { findUserById, userIdsWithRole } from '../../server/src/users/users-repository.ts';
import { NEURO_1, NEURO_2, NEURO_PRIMARY, seedCasesDatabase, setOnCall, SGH } from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';

describe('user accounts (migration 0006)', () => {
  forEachDatabase((_name, open) => {
    let db: Database;
    beforeAll(async () => {
      db = await open();
      await seedCasesDatabase(db);
    });
    afterAll(async () => {
      await db.close();
    });

    it('gives every user an active flag, a version and contact columns', async () => {
      await migrate(db);
      const user = await findUserById(db, NEURO_1);
      expect(user).toMatchObject({ active: true, version: 1, pager: null });
    });

    it('offers a case to no deactivated specialist: not among the specialty, not as primary or backup', async () => {
      await db.query('update users set active = false where id = $1', [NEURO_2]);
      const ids = await userIdsWithRole(db, SGH, 'specialist', 'Neurology');
      expect(ids).toContain(NEURO_1);
      expect(ids).not.toContain(NEURO_2);

      await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_2 });
      expect(await findCoveringShift(db, SGH, 'spc_neurology', new Date())).toEqual({
        primaryId: NEURO_PRIMARY,
        backupId: null,
      });

      await db.query('update users set active = false where id = $1', [NEURO_PRIMARY]);
      expect(await findCoveringShift(db, SGH, 'spc_neurology', new Date())).toBeUndefined();
    });

    it('keeps the administrative audit log append-only and scoped', async () => {
      const change = {
        actorId: 'usr_demo_hospital',
        action: 'user.deactivated',
        targetType: 'user',
        targetId: NEURO_2,
        hospitalSystemId: 'hs_demo',
        hospitalId: SGH,
        before: { active: true },
        after: { active: false },
        address: '127.0.0.1',
        at: new Date(),
      };
      await recordAdminChange(db, change);
      await recordAdminChange(db, { ...change, hospitalId: null, action: 'specialty.created' });

      const hospital = await listAdminChanges(
        db,
        { hospitalSystemId: 'hs_demo', hospitalId: SGH },
        { limit: 10 },
      );
      expect(hospital).toHaveLength(1);
      expect(hospital[0]).toMatchObject({
        action: 'user.deactivated',
        before: { active: true },
        after: { active: false },
      });
      expect(await listAdminChanges(db, { hospitalSystemId: 'hs_demo' }, { limit: 10 })).toHaveLength(2);
      expect(await listAdminChanges(db, { hospitalSystemId: 'hs_other' }, { limit: 10 })).toHaveLength(0);

      await expect(db.query('delete from admin_audit_events')).rejects.toThrow(/append-only/);
    });
  });
});
