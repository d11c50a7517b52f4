import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type * as countPlacement from '../../src/server/resources/countPlacement';
import { countApart, countTimed } from '../../src/server/resources/countPlacement';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, type ApiAnswer, type Client } from './resources.helpers';

/**
 * Issue 20: a list's total is counted in the page's statement or beside it (countPlacement.ts); either
 * way the caller gets the same page, the same Content-Range and one audit row. Here the placement is
 * chosen by the test, each list asked both ways.
 */
const placement = vi.hoisted(() => ({ apart: true }));
vi.mock('../../src/server/resources/countPlacement', async (original) => ({
  ...(await original<typeof countPlacement>()),
  countApart: () => placement.apart,
}));

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
});
afterAll(async () => t?.close());

const auditRowsOf = (answer: ApiAnswer) =>
  t.app.db
    .selectFrom('audit_logs')
    .select(['action', 'resource', 'record_id', 'patient_id'])
    .where('request_id', '=', String(answer.headers['x-request-id']))
    .execute();

async function bothWays(url: string, query: Record<string, unknown>) {
  placement.apart = true;
  const apart = await admin.get(url, query);
  placement.apart = false;
  const together = await admin.get(url, query);
  return { apart, together };
}

describe('the total counted in the page’s statement or beside it', () => {
  test.each([
    ['a page of devices', '/api/devices', { skip: '2', limit: '5' }],
    ['no device matches', '/api/devices', { filter: { 'id[eq]': 0 } }],
    ['a page past the last device', '/api/devices', { skip: '100000' }],
  ])('%s: the same rows and Content-Range', async (_, url, query) => {
    const { apart, together } = await bothWays(url, query);
    expect(apart.status).toBe(200);
    expect(together.body).toEqual(apart.body);
    expect(together.headers['content-range']).toBe(apart.headers['content-range']);
  });

  test.each([
    ['a page of patients', { sort: 'id', order: 'asc', limit: '3' }],
    ['a page past the last patient', { skip: '100000' }],
  ])('%s (patient data): the same rows and Content-Range, and one audit row each', async (_, query) => {
    const { apart, together } = await bothWays('/api/patients', query);
    expect(together.body).toEqual(apart.body);
    expect(together.headers['content-range']).toBe(apart.headers['content-range']);
    const ids = (apart.body as { id: number }[]).map((row) => String(row.id)).join(',');
    for (const answer of [apart, together])
      expect(await auditRowsOf(answer)).toEqual([expect.objectContaining({ action: 'list', resource: 'patients', record_id: ids === '' ? null : ids })]);
  });
});

describe('the placement', () => {
  test('a count not yet timed runs apart; a cheap one joins its page, and is timed apart again now and then; a costly one stays apart', async () => {
    const { countApart: decide } = await vi.importActual<typeof countPlacement>('../../src/server/resources/countPlacement');
    expect(decide('select count(*) from cheap')).toBe(true);
    countTimed('select count(*) from cheap', 0.3);
    const runs = Array.from({ length: 100 }, () => decide('select count(*) from cheap'));
    expect(runs.filter((apart) => apart)).toHaveLength(2);
    expect(runs[48]).toBe(false);
    expect(runs[49]).toBe(true);
    countTimed('select count(*) from costly', 12);
    expect(Array.from({ length: 10 }, () => decide('select count(*) from costly'))).toEqual(Array.from({ length: 10 }, () => true));
    // The mocked module above is the one the server uses; this file's own import is it too.
    expect(countApart('anything')).toBe(placement.apart);
  });
});
