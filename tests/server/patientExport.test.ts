import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays, zonedDay } from '../../src/domain/zonedDays';
import { addReadings, anonymous, auditOf, DEMO_ZONE, newDevice, newPatient } from './clinicalRecord.helpers';
import { createTestApp, signIn, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tenantIds, type Client } from './resources.helpers';

/**
 * GET patients/{id}/export?start_date (spec 001 section 7, routes/patientExport/README.md): the
 * patient's monthly report as a PDF attachment. A fresh Northwind patient registered in January
 * 2025 (Chicago), with readings, a note and a service in January and readings on either side of
 * the month's edges in Chicago time, so that the PDF's text read back shows what the month holds.
 */

let t: TestApp;
let northwind: number;
let lakeside: number;
let clinician: Client;
let staff: Client;
let lakesideAdmin: Client;
let patientId: number;
let patientName: string;

const url = (id = patientId) => `/api/patients/${id}/export`;

async function exportAs(email: string, query: Record<string, string>, id = patientId) {
  const { authorization } = await signIn(t.app, email);
  return t.app.inject({ method: 'GET', url: url(id), query, headers: { authorization } });
}

/** The text of every page of a PDF, as PDF.js reads it. */
async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 });
  const document = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await task.destroy();
  return pages.join('\n');
}

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  staff = await clientFor(t.app, 'staff@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
  patientId = await newPatient(t.app, northwind);
  const row = await t.app.db
    .selectFrom('patients as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['u.id', 'u.full_name'])
    .where('p.id', '=', patientId)
    .executeTakeFirstOrThrow();
  patientName = row.full_name;
  // Registered on 10 January 2025 in Chicago.
  const registered = new Date('2025-01-10T15:00:00.000Z');
  await t.app.db.updateTable('patients').set({ created_at: registered }).where('id', '=', patientId).execute();
  await t.app.db.updateTable('users').set({ registered_on: registered }).where('id', '=', row.id).execute();
  const device = { id: await newDevice(t.app, northwind, patientId), tenantId: northwind, patientId };
  await addReadings(t.app, device, [
    { at: new Date('2025-01-15T18:00:00.000Z'), name: 'heart_rate', value: 77 },
    // 23:30 on 31 January in Chicago (05:30Z on 1 February): January's.
    { at: new Date('2025-02-01T05:30:00.000Z'), name: 'heart_rate', value: 71 },
    { at: new Date('2025-01-20T18:00:00.000Z'), name: 'blood_pressure', value: 131, value2: 84 },
    // 00:30 on 1 February in Chicago: February's.
    { at: new Date('2025-02-01T06:30:00.000Z'), name: 'heart_rate', value: 98 },
    { at: new Date('2025-02-10T18:00:00.000Z'), name: 'heart_rate', value: 99 },
  ]);
  await t.app.db
    .insertInto('monitoring_activities')
    .values([
      {
        tenant_id: northwind,
        patient_id: patientId,
        type: 'rpm_99457_99458',
        description: 'Reviewed the January readings by phone',
        duration: 1260,
        reviewed_on: new Date('2025-01-16T16:00:00.000Z'),
        practitioner_name: 'Dana Fixture',
      },
      {
        tenant_id: northwind,
        patient_id: patientId,
        type: 'note',
        description: 'A February note',
        duration: 60,
        reviewed_on: new Date('2025-02-16T16:00:00.000Z'),
        practitioner_name: 'Dana Fixture',
      },
    ])
    .execute();
  await t.app.db
    .insertInto('services')
    .values({
      tenant_id: northwind,
      patient_id: patientId,
      cpt_code: '99457',
      program: 'rpm',
      measure: 'minutes',
      start_date: '2025-01-01',
      end_date: '2025-01-31',
      value: 1260,
      max_value: 1200,
      progress: 1,
      units: 1,
      remaining: 0,
      status: 'complete',
      claimable: true,
    })
    .execute();
}, 120_000);
afterAll(async () => t?.close());

describe('the monthly export', () => {
  test("is a PDF attachment of the month: the patient, the month, its readings, notes and services, none of another month's", async () => {
    const response = await exportAs('clinician@northwind.demo.example', { start_date: '2025-01-01' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="patient-${patientId}-2025-01.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(patientName);
    expect(text).toContain('January 2025');
    expect(text).toContain('01/01/1950');
    expect(text).toContain('Heart Failure');
    // The readings of January in Chicago, with the times in Chicago.
    expect(text).toContain('Heart Rate');
    expect(text).toContain('01/15/2025 12:00');
    expect(text).toMatch(/\b77\b/);
    expect(text).toContain('01/31/2025 23:30');
    expect(text).toMatch(/\b71\b/);
    expect(text).toContain('131/84');
    expect(text).toContain('Min 71 · Mean 74 · Max 77 bpm');
    // February's are not there.
    expect(text).not.toMatch(/\b98\b/);
    expect(text).not.toMatch(/\b99\b/);
    expect(text).not.toContain('02/01/2025');
    // The month's note and service; not February's note.
    expect(text).toContain('Reviewed the January readings by phone');
    expect(text).toContain('RPM 99457/99458');
    expect(text).toContain('21:00');
    expect(text).toContain('Dana Fixture');
    expect(text).not.toContain('A February note');
    expect(text).toContain('99457');
    expect(text).toContain('21 of 20 min');
    expect(text).toMatch(/Page 1 of \d+/);
  });

  test('a month of no data says so', async () => {
    const response = await exportAs('clinician@northwind.demo.example', { start_date: '2025-03-01' });
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('March 2025');
    expect(text).toContain('No readings in this month');
    expect(text).toContain('No monitoring notes in this month');
    expect(text).toContain('No services in this month');
  });

  test('the current month of the provider is offered; the next one is not', async () => {
    const current = zonedDay(new Date(), DEMO_ZONE).slice(0, 7);
    expect((await exportAs('clinician@northwind.demo.example', { start_date: `${current}-01` })).statusCode).toBe(200);
    const next = addDays(`${current}-01`, 32).slice(0, 7);
    const answer = await clinician.get(url(), { start_date: `${next}-01` });
    expect(isValidationError(answer, ['query', 'start_date'])).toBe(true);
    expect(JSON.stringify(answer.body)).toContain('after the current month');
  });

  test('422 for a start_date that is no month start, or no date, or missing; and for a month before registration', async () => {
    // The route schema's refusals and the service's are both at 'query'.
    for (const query of [{ start_date: 'January' }, { start_date: '2025-13-01' }, {}]) {
      const answer = await clinician.get(url(), query);
      expect(isValidationError(answer, ['query', 'start_date']), JSON.stringify(answer.body)).toBe(true);
    }
    for (const [start, words] of [
      ['2025-01-15', 'first day of a month'],
      ['2024-12-01', 'registration month'],
    ] as const) {
      const answer = await clinician.get(url(), { start_date: start });
      expect(isValidationError(answer, ['query', 'start_date']), JSON.stringify(answer.body)).toBe(true);
      expect(JSON.stringify(answer.body)).toContain(words);
    }
  });

  test("another provider's patient is 404 exactly as no patient; staff 403; no token 401", async () => {
    const other = await lakesideAdmin.get(url(), { start_date: '2025-01-01' });
    expect(other).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await clinician.get(url(2147483000), { start_date: '2025-01-01' })).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    const lakesidePatient = await newPatient(t.app, lakeside);
    expect(await clinician.get(url(lakesidePatient), { start_date: '2025-01-01' })).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await staff.get(url(), { start_date: '2025-01-01' })).toMatchObject({ status: 403 });
    expect(await anonymous(t.app, 'GET', `${url()}?start_date=2025-01-01`)).toMatchObject({ status: 401 });
  });

  test('an export is audited as a read of the patient, with the month', async () => {
    const response = await exportAs('clinician@northwind.demo.example', { start_date: '2025-01-01' });
    const rows = await auditOf(t.app, { status: response.statusCode, body: undefined, headers: response.headers });
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'read',
        resource: 'patients/export',
        record_id: '2025-01',
        patient_id: patientId,
        tenant_id: northwind,
        outcome: 'allowed',
      }),
    ]);
  });
});
