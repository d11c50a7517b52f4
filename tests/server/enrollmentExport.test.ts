import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appointmentBounds, ENROLLED_STATUSES, EXPORT_RANGE_REQUIRED } from '../../src/domain/enrollmentQueue';
import { createTestApp, signIn, type TestApp } from './helpers/testApp';
import { tenantIds } from './resources.helpers';

let t: TestApp;
let northwind: number;
let lakeside: number;
const folder = mkdtempSync(join(tmpdir(), 'enrollment-export-'));

/** Appointments far from the seed's, in Chicago's days 2031-03-10 to 2031-03-12. */
const RANGE = appointmentBounds({ from: '2031-03-10', to: '2031-03-12' }, 'America/Chicago');
interface Placed {
  id: number;
  name: string;
}
let inRange: Placed[] = [];
let outside: Placed[] = [];
let activeInRange: Placed;
let otherTenant: Placed;

async function patientsOf(tenantId: number, status: string, count: number): Promise<Placed[]> {
  const found = await t.app.db
    .selectFrom('patients as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'u.full_name'])
    .where('p.tenant_id', '=', tenantId)
    .where('p.patient_status', '=', status)
    .orderBy('p.id')
    .limit(count)
    .execute();
  return found.map((r) => ({ id: r.id, name: r.full_name }));
}

async function appointAt(patient: Placed, iso: string) {
  await t.app.db
    .updateTable('patients')
    .set({ onboarding_appointment_datetime: iso, onboarding_imei: `86910${patient.id}`, onboarding_notes: `Note ${patient.id} end` })
    .where('id', '=', patient.id)
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  const pending = await patientsOf(northwind, 'pending_enrollment', 5);
  inRange = pending.slice(0, 3);
  outside = pending.slice(3, 5);
  // The first instant of the first day, mid-range, the last minute of the last day (Chicago days), then just outside both ends.
  await appointAt(inRange[0] as Placed, RANGE.gte);
  await appointAt(inRange[1] as Placed, '2031-03-11T16:30:00Z');
  await appointAt(inRange[2] as Placed, new Date(new Date(RANGE.lte).getTime() - 59_000).toISOString());
  await appointAt(outside[0] as Placed, new Date(new Date(RANGE.gte).getTime() - 60_000).toISOString());
  await appointAt(outside[1] as Placed, new Date(new Date(RANGE.lte).getTime() + 1).toISOString());
  activeInRange = (await patientsOf(northwind, 'active', 1))[0] as Placed;
  await appointAt(activeInRange, '2031-03-11T17:00:00Z');
  otherTenant = (await patientsOf(lakeside, 'pending_enrollment', 1))[0] as Placed;
  await appointAt(otherTenant, '2031-03-11T18:00:00Z');
}, 120_000);
afterAll(async () => t?.close());

const rangeFilter = (statuses: readonly string[] = ['pending_enrollment'], extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    'patient_status[in]': statuses,
    'onboarding_appointment_datetime[gte]': RANGE.gte,
    'onboarding_appointment_datetime[lte]': RANGE.lte,
    ...extra,
  });

async function exportAs(email: string, query: Record<string, string>) {
  const { authorization } = await signIn(t.app, email);
  return t.app.inject({ method: 'GET', url: '/api/patients/export-onboarding', query, headers: { authorization } });
}

/** The PDF's text as pdftotext reads it, with runs of white space made one space. */
function pdfText(pdf: Buffer, name: string): string {
  const file = join(folder, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

function pageSize(pdf: Buffer, name: string): string {
  const file = join(folder, `${name}.pdf`);
  writeFileSync(file, pdf);
  return /Page size:\s+([\d.]+ x [\d.]+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1] ?? '';
}

describe('GET /patients/export-onboarding', () => {
  test('a PDF attachment listing exactly the pending patients of the range, in appointment order, landscape by default', async () => {
    const response = await exportAs('internal.admin@demo.example', {
      filter: rangeFilter(['pending_enrollment'], { 'tenant_id[eq]': northwind }),
      format: 'pdf',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="enrollment-export-.+\.pdf"$/);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf, 'landscape');
    expect(text).toContain('Enrollment export');
    expect(text).toContain('Northwind');
    for (const patient of inRange) {
      expect(text).toContain(patient.name);
      expect(text).toContain(`Note ${patient.id} end`);
    }
    for (const patient of [...outside, activeInRange, otherTenant]) expect(text).not.toContain(`Note ${patient.id} end`);
    const order = inRange.map((p) => text.indexOf(`Note ${p.id} end`));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(text).toContain('3 patients');
    expect(pageSize(pdf, 'landscape')).toBe('792 x 612');
  });

  test('dates print with four-digit years and a birthdate without a time; the phone is the primary number, else the first present', async () => {
    const [withHome, withFacility] = inRange as [Placed, Placed];
    const userOf = async (patient: Placed) =>
      await t.app.db.selectFrom('patients').select(['user_id', 'birthdate']).where('id', '=', patient.id).executeTakeFirstOrThrow();
    const home = await userOf(withHome);
    await t.app.db
      .updateTable('users')
      .set({ mobile_phone_number: '+16085550111', home_phone_number: '+16085550122', primary_phone_number_type: 'home' })
      .where('id', '=', home.user_id)
      .execute();
    const facility = await userOf(withFacility);
    await t.app.db
      .updateTable('users')
      .set({
        mobile_phone_number: null,
        home_phone_number: null,
        facility_phone_number: '+16085550133',
        primary_phone_number_type: 'mobile',
        phone_number: null,
      })
      .where('id', '=', facility.user_id)
      .execute();
    const response = await exportAs('internal.admin@demo.example', {
      filter: rangeFilter(['pending_enrollment'], { 'tenant_id[eq]': northwind }),
      format: 'pdf',
    });
    const text = pdfText(response.rawPayload, 'dates-and-phones');
    expect(text).toMatch(/generated \d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [AP]M/);
    expect(text).toContain('03/10/2031');
    expect(text).not.toMatch(/\b\d{1,2}\/\d{1,2}\/\d{2}\b(?!\d)/);
    const [year, month, day] = String(home.birthdate).split('-');
    expect(text).toContain(`${month}/${day}/${year}`);
    expect(text).toContain('(608) 555-0122');
    expect(text).not.toContain('(608) 555-0111');
    expect(text).toContain('(608) 555-0133');
  });

  test("portrait is Letter upright; 'Show Enrolled Patients' adds the active patient of the range", async () => {
    const response = await exportAs('internal.admin@demo.example', {
      filter: rangeFilter(ENROLLED_STATUSES, { 'tenant_id[eq]': northwind }),
      format: 'pdf',
      orientation: 'portrait',
    });
    expect(response.statusCode).toBe(200);
    expect(pageSize(response.rawPayload, 'portrait')).toBe('612 x 792');
    const text = pdfText(response.rawPayload, 'portrait');
    for (const patient of [...inRange, activeInRange]) expect(text).toContain(`Note ${patient.id} end`);
    expect(text).toContain('4 patients');
  });

  test("a provider's export holds its own patients only, whatever tenant the filter names", async () => {
    const own = await exportAs('admin@lakeside.demo.example', { filter: rangeFilter(), format: 'pdf' });
    const text = pdfText(own.rawPayload, 'lakeside');
    expect(text).toContain(`Note ${otherTenant.id} end`);
    for (const patient of inRange) expect(text).not.toContain(`Note ${patient.id} end`);
    const asked = await exportAs('admin@lakeside.demo.example', { filter: rangeFilter(['pending_enrollment'], { 'tenant_id[eq]': northwind }), format: 'pdf' });
    expect(asked.statusCode).toBe(200);
    expect(pdfText(asked.rawPayload, 'asked')).toContain('0 patients');
  });

  test('the export is audited as a read of the patients it holds', async () => {
    const before = await t.app.db.selectFrom('audit_logs').select('id').where('resource', '=', 'patients/export-onboarding').execute();
    await exportAs('admin@northwind.demo.example', { filter: rangeFilter(), format: 'pdf' });
    const rows = await t.app.db.selectFrom('audit_logs').selectAll().where('resource', '=', 'patients/export-onboarding').orderBy('id', 'desc').execute();
    expect(rows.length).toBe(before.length + 1);
    expect(String(rows[0]?.record_id).split(',').map(Number).sort()).toEqual(inRange.map((p) => p.id).sort());
  });

  test('refusals: another format, an unknown orientation, no range, a bad filter (422); a role without the export (403)', async () => {
    const cases: [Record<string, string>, (string | number)[]][] = [
      [{ filter: rangeFilter(), format: 'csv' }, ['query', 'format']],
      [{ filter: rangeFilter(), orientation: 'sideways' }, ['query', 'orientation']],
      [{ filter: JSON.stringify({ 'patient_status[in]': ['pending_enrollment'] }) }, ['query', 'filter']],
      [{ filter: JSON.stringify({ 'onboarding_appointment_datetime[gte]': RANGE.gte }) }, ['query', 'filter']],
      [{ filter: '{not json' }, ['query', 'filter']],
      [{ filter: JSON.stringify({ 'shoe_size[eq]': 9, 'onboarding_appointment_datetime[gte]': RANGE.gte }) }, ['query', 'filter', 'shoe_size[eq]']],
    ];
    for (const [query, loc] of cases) {
      const response = await exportAs('admin@northwind.demo.example', query);
      expect(response.statusCode).toBe(422);
      expect(response.json<{ detail: [{ loc: unknown[] }] }>().detail[0].loc).toEqual(loc);
    }
    const missing = await exportAs('admin@northwind.demo.example', { filter: JSON.stringify({ 'patient_status[in]': ['pending_enrollment'] }) });
    expect(missing.json<{ detail: [{ msg: string }] }>().detail[0].msg).toBe(EXPORT_RANGE_REQUIRED);
    const clinician = await exportAs('clinician@northwind.demo.example', { filter: rangeFilter() });
    expect(clinician.statusCode).toBe(403);
  });
});
