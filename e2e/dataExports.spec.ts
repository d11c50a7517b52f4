import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { apiAs } from './support/api';
import { axeViolations } from './support/axe';
import { shoot } from './support/shots';
import { expect, test } from './support/test';

/**
 * Patient data export (spec 001 profile section 13, spec 002 /download). The internal admin (who
 * holds data_export.validate) requests an export for a Lakeside patient whose address is verified and
 * validates it; the archive is built in the background until Completed. The mail to the patient is
 * read from the demo server's outbox (GET testing/outbox, superadmin: src/server/routes/testing);
 * signed out, its /download link shows Download Ready and downloads the zip, whose readings.csv holds
 * the patient's readings; the link works once. Also /download with no token, and a bad one.
 */
const INTERNAL = 'internal.admin@demo.example';
const LAKESIDE_ADMIN = 'admin@lakeside.demo.example';

type Row = Record<string, unknown>;

test('an export requested and validated is built in the background, mailed, and downloaded once', async ({ page, request }) => {
  test.setTimeout(90_000);
  const lakeside = await apiAs(request, LAKESIDE_ADMIN);
  const patients = await lakeside.get('/patients', { limit: 50 });
  const patient = patients.find((p) => {
    const user = p.user as Row | undefined;
    return user?.is_email_verified === true && typeof user.email === 'string' && user.email !== '';
  });
  expect(patient, 'a Lakeside patient with a verified address').toBeDefined();
  const patientId = Number(patient?.id);

  const internal = await apiAs(request, INTERNAL);
  const made = await request.post('/api/data-exports', { headers: internal.headers, data: { patient_id: patientId, consent_given: true } });
  expect(made.status(), await made.text()).toBe(201);
  const row = (await made.json()) as Row;
  expect(row.status).toBe('pending_validation');
  expect(row).not.toHaveProperty('download_token_hash');

  const validated = await request.post('/api/data-exports/validate', { headers: internal.headers, data: { export_request_id: row.id } });
  expect(validated.status(), await validated.text()).toBe(200);
  expect(((await validated.json()) as Row).status).toBe('pending_validation');

  await expect
    .poll(
      async () => {
        const list = await internal.get('/data-exports', { filter: { 'patient_id[eq]': patientId }, limit: 5 });
        return list.find((r) => r.id === row.id)?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('completed');
  const list = await internal.get('/data-exports', { filter: { 'patient_id[eq]': patientId }, limit: 5 });
  expect(list[0]?.id).toBe(row.id);
  expect(list[0]?.completed_at).toEqual(expect.any(String));

  // Completed: no longer revocable.
  const revoke = await request.delete(`/api/data-exports/${String(row.id)}`, { headers: internal.headers });
  expect(revoke.status()).toBe(409);

  // The patient's mail: the /download link with the one-time token.
  const email = String((patient?.user as Row).email);
  const superadmin = await apiAs(request, 'superadmin@demo.example');
  const mails = await superadmin.get('/testing/outbox', { to: email });
  const mail = mails.find((m) => String(m.subject) === 'Your data export is ready');
  const link = /https?:\/\/\S+\/download\?token=\S+/.exec(String(mail?.text))?.[0];
  expect(link, 'the download link in the mail').toBeDefined();
  const path = new URL(String(link)).pathname + new URL(String(link)).search;

  // Signed out (this page never signed in): Download Ready, and the browser starts the download.
  const download = page.waitForEvent('download');
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Download Ready' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download' })).toBeVisible();
  const file = await (await download).path();
  const zip = unzipSync(new Uint8Array(await readFile(file)));
  expect(Object.keys(zip)).toEqual(expect.arrayContaining(['README.txt', 'patient.json', 'readings.csv', 'notes.csv', 'care_plans.json']));
  const readings = strFromU8(zip['readings.csv'] as Uint8Array)
    .trim()
    .split('\r\n');
  expect(readings[0]).toBe('timestamp,name,value,value2,unit,source');
  expect(readings.length).toBeGreaterThan(1);
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'download');

  // The token worked once.
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Download Error' })).toBeVisible();
});

test('/download, signed out: no token, and a token that is not valid', async ({ page }) => {
  await page.goto('/download');
  await expect(page.getByRole('heading', { name: 'Download Error' })).toBeVisible();
  await expect(page.getByText('No download token found. Please check your download link and try again.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/download?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Download Error' })).toBeVisible();
  await expect(page.getByText('Download failed. Please try again or contact support.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'download-error');
});
