import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLAIM_EXPORT_DISCLAIMER } from '../../src/domain/billing/claims';
import { MISSING_REFERENCE } from '../../src/server/resources/references';
import { createTestApp, signIn, type TestApp } from './helpers/testApp';
import { clientFor, tenantIds } from './resources.helpers';

/**
 * GET claim-items/export (spec 002 section 7): a month's claims as a CSV or PDF attachment, of the
 * provider named (internal users) or the caller's own, audited; export_type, month and year
 * required, the year from 2022 to 2100.
 */
let t: TestApp;
let northwind: number;
let lakeside: number;
const folder = mkdtempSync(join(tmpdir(), 'claims-export-'));
/** Claims of March 2031, far from the seed's months. */
const placed: { tenant: 'northwind' | 'lakeside'; id: number; patient: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  for (const [tenant, tenantId, day] of [
    ['northwind', northwind, '2031-03-01'],
    ['northwind', northwind, '2031-03-31'],
    ['lakeside', lakeside, '2031-03-15'],
  ] as const) {
    const patient = await t.app.db
      .selectFrom('patients as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'u.full_name'])
      .where('p.tenant_id', '=', tenantId)
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const client = await clientFor(t.app, `admin@${tenant}.demo.example`);
    const answer = await client.send('POST', '/api/claim-items', {
      patient_id: patient.id,
      date_of_service: day,
      cpt_code: '99454',
      units: 1,
      note: `=HYPERLINK("x") claim of ${day}`,
      icd10_ids: ['E11.9', 'I10'],
    });
    expect(answer.status).toBe(201);
    placed.push({ tenant, id: (answer.body as { id: number }).id, patient: patient.full_name });
  }
  // One day outside the month at each end.
  const client = await clientFor(t.app, 'admin@northwind.demo.example');
  for (const day of ['2031-02-28', '2031-04-01']) {
    const patient = placed[0];
    const row = await t.app.db.selectFrom('claim_items').select('patient_id').where('id', '=', patient!.id).executeTakeFirstOrThrow();
    const answer = await client.send('POST', '/api/claim-items', {
      patient_id: row.patient_id,
      date_of_service: day,
      cpt_code: '99454',
      units: 1,
      note: 'Outside',
    });
    expect(answer.status).toBe(201);
  }
}, 120_000);
afterAll(async () => t?.close());

async function exportAs(email: string, query: Record<string, string>) {
  const { authorization } = await signIn(t.app, email);
  return t.app.inject({ method: 'GET', url: '/api/claim-items/export', query, headers: { authorization } });
}

function pdfText(pdf: Buffer, name: string): string {
  const file = join(folder, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** The CSV's rows, read back (quoted fields, doubled quotes). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.trimEnd().split('\r\n')) {
    const cells: string[] = [];
    for (const match of line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)) {
      const raw = match[1] ?? '';
      cells.push(raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw);
    }
    rows.push(cells);
  }
  return rows;
}

describe('GET /claim-items/export', () => {
  test("a CSV of one provider's claims of the month, one row each with the list's columns, as an attachment", async () => {
    const answer = await exportAs('superadmin@demo.example', { export_type: 'csv', month: '3', year: '2031', tenant_id: String(northwind) });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="claims-2031-03-northwind.csv"');
    const [header, ...rows] = csvRows(answer.body);
    expect(header).toEqual([
      'Claim ID',
      'Patient',
      'Provider',
      'Suggested billing date',
      'Date of service',
      'End date of service',
      'Created on',
      'CPT code',
      'Units',
      'Billing provider',
      'Billing provider NPI',
      'Diagnosis codes',
      'Submitted',
      'Source',
      'Note',
    ]);
    const mine = placed.filter((p) => p.tenant === 'northwind');
    expect(rows.map((r) => Number(r[0]))).toEqual(mine.map((p) => p.id));
    expect(rows[0]).toMatchObject({ 1: mine[0]?.patient, 3: '2031-04-01', 4: '2031-03-01', 7: '99454', 8: '1', 11: 'E11.9; I10', 12: 'No' });
    // A text a spreadsheet would compute is written as text.
    expect(rows[0]?.[14]).toBe(`'=HYPERLINK("x") claim of 2031-03-01`);
  });

  test('a PDF of the same claims, with the disclaimer', async () => {
    const answer = await exportAs('superadmin@demo.example', { export_type: 'pdf', month: '3', year: '2031', tenant_id: String(northwind) });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="claims-2031-03-northwind.pdf"');
    const text = pdfText(answer.rawPayload, 'northwind');
    expect(text).toContain('March 2031');
    expect(text).toContain(CLAIM_EXPORT_DISCLAIMER);
    for (const p of placed.filter((c) => c.tenant === 'northwind')) expect(text).toContain(p.patient);
    expect(text).toContain('99454');
    expect(text).toContain('03/31/2031');
    expect(text).not.toContain(placed.find((p) => p.tenant === 'lakeside')?.patient);
  });

  test("a provider user exports their own provider's claims; another provider answers like none", async () => {
    const own = await exportAs('clinician@lakeside.demo.example', { export_type: 'csv', month: '3', year: '2031' });
    expect(own.statusCode).toBe(200);
    expect(
      csvRows(own.body)
        .slice(1)
        .map((r) => Number(r[0])),
    ).toEqual(placed.filter((p) => p.tenant === 'lakeside').map((p) => p.id));
    const other = await exportAs('admin@lakeside.demo.example', { export_type: 'csv', month: '3', year: '2031', tenant_id: String(northwind) });
    const none = await exportAs('admin@lakeside.demo.example', { export_type: 'csv', month: '3', year: '2031', tenant_id: '2147483000' });
    expect(JSON.parse(other.body)).toEqual(JSON.parse(none.body));
    expect(other.statusCode).toBe(422);
    expect(JSON.parse(none.body)).toEqual({ detail: [{ loc: ['query', 'tenant_id'], msg: MISSING_REFERENCE, type: 'foreign_key' }] });
    expect((await exportAs('staff@lakeside.demo.example', { export_type: 'csv', month: '3', year: '2031' })).statusCode).toBe(403);
  });

  test('internal users without tenant_id export every provider they reach', async () => {
    const all = await exportAs('internal.billing@demo.example', { export_type: 'csv', month: '3', year: '2031' });
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-disposition']).toBe('attachment; filename="claims-2031-03.csv"');
    expect(
      csvRows(all.body)
        .slice(1)
        .map((r) => Number(r[0]))
        .sort(),
    ).toEqual(placed.map((p) => p.id).sort());
  });

  test('export_type, month and year are required, the year from 2022 to 2100: 422 in the spec shape', async () => {
    const bad: Record<string, string>[] = [
      { export_type: 'csv', month: '3', year: '2021' },
      { export_type: 'csv', month: '3', year: '2101' },
      { export_type: 'csv', month: '13', year: '2031' },
      { export_type: 'csv', month: '0', year: '2031' },
      { export_type: 'xls', month: '3', year: '2031' },
      { month: '3', year: '2031' },
      { export_type: 'pdf', year: '2031' },
      { export_type: 'pdf', month: '3' },
    ];
    for (const query of bad) {
      const answer = await exportAs('superadmin@demo.example', query);
      expect(answer.statusCode, JSON.stringify(query)).toBe(422);
      // Fastify's schema check names the query string as the other bespoke routes' do.
      const detail = (JSON.parse(answer.body) as { detail: { loc: string[]; msg: string }[] }).detail;
      expect(detail[0]?.loc[0]).toBe('query');
      expect(detail[0]?.msg).toEqual(expect.any(String));
    }
  });

  test('every export is audited as a list of the claims it holds', async () => {
    await exportAs('admin@northwind.demo.example', { export_type: 'pdf', month: '3', year: '2031' });
    const row = await t.app.db
      .selectFrom('audit_logs')
      .select(['action', 'record_id', 'tenant_id'])
      .where('resource', '=', 'claim-items/export')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const ids = placed.filter((p) => p.tenant === 'northwind').map((p) => String(p.id));
    expect(row).toEqual({ action: 'list', record_id: ids.join(','), tenant_id: northwind });
  });
});
