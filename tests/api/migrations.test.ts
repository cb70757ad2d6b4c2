import { cpSync, mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/database.ts';
import { MIGRATIONS_DIR, MigrationError, migrate, readMigrations } from '../../server/src/db/migrate.ts';
import { DEMO_SPECIALTIES, seedDemoOrganisation } from '../../server/src/demo/organisation.ts';
import { forEachDatabase } from './support/databases.ts';

describe('migrations', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'case-router-migrations-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a file that is not named NNNN_name.sql', () => {
    writeFileSync(join(dir, '12_oops.sql'), 'select 1;');
    expect(() => readMigrations(dir)).toThrow(/12_oops\.sql is not named NNNN_name\.sql/);
  });

  forEachDatabase((_name, open) => {
    let db: Database;
    beforeEach(async () => {
      db = await open();
    });
    afterEach(async () => {
      await db.close();
    });

    it('applies every migration once, in order, and records each with its checksum', async () => {
      const files = readMigrations(dir).map((migration) => migration.file);

      expect(await migrate(db, dir)).toEqual(files);
      expect(await migrate(db, dir)).toEqual([]);

      const rows = await db.query<{ version: string; checksum: string }>(
        'select version, checksum from schema_migrations order by version',
      );
      expect(rows.map((row) => row.version)).toEqual(readMigrations(dir).map((m) => m.version));
      expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.checksum))).toBe(true);
    });

    it('stops loudly when an applied migration was changed', async () => {
      await migrate(db, dir);
      appendFileSync(join(dir, '0001_organisation.sql'), '\n-- an innocent edit\n');

      await expect(migrate(db, dir)).rejects.toThrow(MigrationError);
      await expect(migrate(db, dir)).rejects.toThrow(
        /0001_organisation\.sql was changed after it was applied/,
      );
    });

    it('stops loudly on a failing migration and keeps nothing of it', async () => {
      await migrate(db, dir);
      writeFileSync(
        join(dir, '0900_broken.sql'),
        'create table half_done (id text primary key);\ninsert into no_such_table values (1);\n',
      );

      await expect(migrate(db, dir)).rejects.toThrow(/Migration 0900_broken\.sql failed: .*no_such_table/);

      const leftovers = await db.query(
        "select 1 from information_schema.tables where table_name = 'half_done' and table_schema = current_schema()",
      );
      expect(leftovers).toEqual([]);
      expect(await db.query("select 1 from schema_migrations where version = '0900'")).toEqual([]);
    });

    it('stops when the database knows a migration this server does not', async () => {
      await migrate(db, dir);
      await db.query(
        "insert into schema_migrations (version, name, checksum) values ('9999', 'future', 'x')",
      );

      await expect(migrate(db, dir)).rejects.toThrow(/9999_future\.sql/);
    });

    it('seeds the demo organisation idempotently, with ISO timestamps', async () => {
      await migrate(db, dir);
      const first = await seedDemoOrganisation(db);
      const second = await seedDemoOrganisation(db);

      expect(second).toEqual(first);
      const [counts] = await db.query<{ systems: number; hospitals: number; specialties: number }>(
        `select (select count(*) from hospital_systems) as systems,
                (select count(*) from hospitals) as hospitals,
                (select count(*) from specialties) as specialties`,
      );
      expect(counts).toEqual({ systems: 1, hospitals: 2, specialties: DEMO_SPECIALTIES.length });
      const hospitals = await db.query<{
        name: string;
        short_code: string;
        time_zone: string;
        created_at: string;
      }>('select name, short_code, time_zone, created_at from hospitals order by short_code');
      expect(hospitals.map((h) => [h.short_code, h.time_zone])).toEqual([
        ['RVG', 'Europe/London'],
        ['SGH', 'Europe/London'],
      ]);
      for (const hospital of hospitals) {
        expect(hospital.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      }
    });

    it('keeps emails unique whatever their case, and time zones real', async () => {
      await migrate(db, dir);
      const { hospitalSystemId } = await seedDemoOrganisation(db);
      const insertUser = (id: string, email: string) =>
        db.query(
          `insert into users (id, email, display_name, roles, hospital_system_id)
           values ($1, $2, 'Someone', '{er_doctor}', $3)`,
          [id, email, hospitalSystemId],
        );
      await insertUser('usr_1', 'Erin.Doctor@demo.test');

      await expect(insertUser('usr_2', 'erin.doctor@DEMO.test')).rejects.toThrow(/users_email_key/);
      await expect(
        db.query(
          `insert into hospitals (id, hospital_system_id, name, short_code, time_zone)
           values ('hosp_x', $1, 'Nowhere', 'NWH', 'Europe/Atlantis')`,
          [hospitalSystemId],
        ),
      ).rejects.toThrow(/time zone/);
    });
  });
});
