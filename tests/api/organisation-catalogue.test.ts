import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogueSpecialty, CatalogueSpecialtyList, SpecialtyList } from '../../generated/types.gen.ts';
import { caller, SYSTEM_ADMIN } from './support/admin-calls.ts';
import { buildCasesApp, DOCTOR, HOSPITAL_ADMIN, seedCasesDatabase } from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';

describe('the specialty catalogue of the hospital system', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  forEachDatabase((_name, open) => {
    async function start(): Promise<FastifyInstance> {
      const db = await open();
      await seedCasesDatabase(db, new Date(), false);
      app = await buildCasesApp({ db });
      return app;
    }

    it('adds a specialty, refuses its name twice, and audits it', async () => {
      const started = await start();
      const admin = caller(started, SYSTEM_ADMIN, ['hospital_system']);

      const added = await admin.post<CatalogueSpecialty>('/specialty-catalogue', { name: ' Haematology ' });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ name: 'Haematology', retired: false, version: 1 });

      const twice = await admin.post('/specialty-catalogue', { name: 'haematology' });
      expect(twice.status).toBe(409);
      expect(twice.body.detail).toBe('The catalogue already has Haematology');

      const found = await admin.get<CatalogueSpecialtyList>('/specialty-catalogue?q=haem');
      expect(found.body.items.map((specialty) => specialty.name)).toEqual(['Haematology']);
      const [event] = await started.db.query<{ action: string; actor_id: string }>(
        "select action, actor_id from admin_audit_events where target_type = 'specialty' and target_id = $1",
        [added.body.id],
      );
      expect(event).toEqual({ action: 'specialty.create', actor_id: SYSTEM_ADMIN });
    });

    it('retires a specialty: kept in the catalogue, no longer offered for new cases', async () => {
      const started = await start();
      const admin = caller(started, SYSTEM_ADMIN, ['hospital_system']);

      const retired = await admin.put<CatalogueSpecialty>('/specialty-catalogue/spc_nephrology', {
        name: 'Nephrology',
        retired: true,
        version: 1,
      });
      expect(retired.status).toBe(200);
      expect(retired.body).toMatchObject({ retired: true, version: 2 });

      const catalogue = await admin.get<CatalogueSpecialtyList>('/specialty-catalogue');
      expect(catalogue.body.items).toContainEqual(retired.body);
      const offered = await caller(started, DOCTOR, ['er_doctor']).get<SpecialtyList>('/specialties');
      expect(offered.body.items.map((specialty) => specialty.id)).not.toContain('spc_nephrology');
      expect(offered.body.items.map((specialty) => specialty.id)).toContain('spc_neurology');

      const stale = await admin.put('/specialty-catalogue/spc_nephrology', {
        name: 'Renal Medicine',
        retired: false,
        version: 1,
      });
      expect(stale.status).toBe(409);
      expect(stale.body.detail).toMatch(/Someone else changed this specialty.*Reload/);

      const restored = await admin.put<CatalogueSpecialty>('/specialty-catalogue/spc_nephrology', {
        name: 'Renal Medicine',
        retired: false,
        version: 2,
      });
      expect(restored.body).toMatchObject({ name: 'Renal Medicine', retired: false, version: 3 });
      const actions = await started.db.query<{ action: string }>(
        "select action from admin_audit_events where target_id = 'spc_nephrology' order by id",
      );
      expect(actions.map((row) => row.action)).toEqual(['specialty.retire', 'specialty.restore']);
    });

    it('refuses a rename onto another specialty’s name, and hides other systems’ specialties', async () => {
      const started = await start();
      await started.db.query("insert into hospital_systems (id, name) values ('hs_other', 'Other Health')");
      await started.db.query(
        "insert into specialties (id, hospital_system_id, name) values ('spc_other', 'hs_other', 'Allergy')",
      );
      const admin = caller(started, SYSTEM_ADMIN, ['hospital_system']);

      const clash = await admin.put('/specialty-catalogue/spc_urology', {
        name: 'Cardiology',
        retired: false,
        version: 1,
      });
      expect(clash.status).toBe(409);
      const other = await admin.put('/specialty-catalogue/spc_other', {
        name: 'X',
        retired: true,
        version: 1,
      });
      expect(other.status).toBe(404);
    });

    it('refuses everyone but the system administrator', async () => {
      const started = await start();
      for (const [userId, role] of [
        [HOSPITAL_ADMIN, 'hospital'],
        [DOCTOR, 'er_doctor'],
      ] as const) {
        const outsider = caller(started, userId, [role]);
        const list = await outsider.get('/specialty-catalogue');
        expect(list.status).toBe(403);
        expect(list.body.detail).toBe('Only a hospital system administrator manages the specialty catalogue');
        expect((await outsider.post('/specialty-catalogue', { name: 'Haematology' })).status).toBe(403);
        const change = await outsider.put('/specialty-catalogue/spc_urology', {
          name: 'Urology',
          retired: true,
          version: 1,
        });
        expect(change.status).toBe(403);
      }
    });
  });
});
