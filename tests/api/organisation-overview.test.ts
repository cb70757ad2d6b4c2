import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrganisationOverview } from '../../generated/types.gen.ts';
import { caller, SYSTEM_ADMIN } from './support/admin-calls.ts';
import {
  buildCasesApp,
  DOCTOR,
  HOSPITAL_ADMIN,
  NEURO_PRIMARY,
  seedCasesDatabase,
  setOnCall,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';

describe('the hospitals at a glance', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  forEachDatabase((_name, open) => {
    it('shows each hospital’s open cases and the staffed specialties nobody covers now', async () => {
      const db = await open();
      await seedCasesDatabase(db, new Date(), false);
      app = await buildCasesApp({ db });
      const admin = caller(app, SYSTEM_ADMIN, ['hospital_system']);

      const before = await admin.get<OrganisationOverview>('/organisation-overview');
      expect(before.status).toBe(200);
      expect(before.body.hospitals.map((hospital) => hospital.shortCode)).toEqual(['RVG', 'SGH']);
      const sgh = before.body.hospitals.find((hospital) => hospital.id === 'hosp_sgh');
      expect(sgh?.openCases).toBe(0);
      expect(sgh?.uncoveredSpecialties).toContainEqual({ id: 'spc_neurology', name: 'Neurology' });

      await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: null });
      const after = await admin.get<OrganisationOverview>('/organisation-overview');
      const covered = after.body.hospitals.find((hospital) => hospital.id === 'hosp_sgh');
      expect(covered?.uncoveredSpecialties).not.toContainEqual({ id: 'spc_neurology', name: 'Neurology' });
      expect(covered?.uncoveredSpecialties.every((specialty) => specialty.id !== 'spc_urology')).toBe(true);

      const own = await caller(app, HOSPITAL_ADMIN, ['hospital']).get<OrganisationOverview>(
        '/organisation-overview',
      );
      expect(own.body.hospitals.map((hospital) => hospital.id)).toEqual(['hosp_sgh']);

      const doctor = await caller(app, DOCTOR, ['er_doctor']).get('/organisation-overview');
      expect(doctor.status).toBe(403);
      expect(doctor.body.detail).toBe(
        'Only hospital and hospital system administrators see the hospitals at a glance',
      );
    });
  });
});
