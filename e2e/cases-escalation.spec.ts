// A case nobody accepts within its acknowledgement time escalates to the shift's backup. The acknowledgement
// times live per hospital in the database, so this server's St George's is given 5 seconds for emergent cases
// (and the current Neurology shift a backup) between a first start, which seeds it, and a second.
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from './server-env.ts';
import { specServer } from './support/server.ts';
import { signIn } from './support/sign-in.ts';

const PORT = E2E_PORT + 3;
const server = specServer(PORT, { CASE_TIMER_TICK_MS: '200' });

async function shortenAcknowledgement(): Promise<string> {
  // btree_gist, as the server loads it: the shifts' no-overlap constraint is indexed with it.
  const db = await PGlite.create(`.tmp/e2e-data-${PORT}/pglite`, { extensions: { btree_gist } });
  try {
    await db.query(
      `insert into hospital_case_settings (hospital_id, ack_seconds_emergent) values ('hosp_sgh', 5)
       on conflict (hospital_id) do update set ack_seconds_emergent = 5`,
    );
    const backups = await db.query<{ id: string; display_name: string }>(
      `select u.id, u.display_name from users u
       where u.hospital_id = 'hosp_sgh' and 'Neurology' = any (u.specialty_types)
         and lower(u.email) <> 'specialist@demo.test'
       order by u.id limit 1`,
    );
    const backup = backups.rows[0];
    if (!backup) throw new Error("The demo data has no second neurologist at St George's");
    await db.query(
      `update on_call_shifts set backup_id = $1
       where hospital_id = 'hosp_sgh' and starts_at <= now() and ends_at > now()
         and specialty_id = (select specialty_id from on_call_shifts s join specialties p on p.id = s.specialty_id
                             where p.name = 'Neurology' limit 1)`,
      [backup.id],
    );
    return backup.display_name;
  } finally {
    await db.close();
  }
}

let backupName = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await server.start();
  await server.stop();
  backupName = await shortenAcknowledgement();
  await server.start();
});

test.afterAll(async () => {
  await server.stop();
});

test('an emergent case nobody accepts in time escalates to the backup', async ({ page }) => {
  await signIn(page, 'er_doctor@demo.test', `${server.url}/`);
  await page.goto(`${server.url}/emergency-room/doctor/cases/new`);
  await page.getByLabel(/^Specialty/).selectOption({ label: 'Neurology' });
  await page.getByRole('radio', { name: 'Emergent' }).check();
  await page.getByLabel(/^Chief complaint/).fill('Slurred speech and facial droop');
  await page.getByLabel(/^Age/).fill('71');
  await page.getByLabel(/^Sex/).selectOption('male');
  const arrival = await page.getByLabel(/^Arrival time/).inputValue();
  await page.getByLabel(/^Symptom onset/).fill(arrival);
  await page.getByLabel(/^NIHSS score/).fill('6');
  await page
    .getByRole('radiogroup', { name: /On anticoagulants/ })
    .getByRole('radio', { name: 'No' })
    .check();
  await page.getByRole('button', { name: 'Create case' }).click();
  await expect(page.getByRole('status')).toContainText('Routed to Dr Sam Lindqvist (on-call primary).');
  await page.getByRole('link', { name: /^Open case/ }).click();

  // Without a reload: the doctor's open case page follows the escalation through the live stream.
  await expect(page.getByText('Escalated', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  const offer = page.getByRole('listitem', { name: `Offer to ${backupName}` });
  await expect(offer).toContainText('on-call backup');
});
