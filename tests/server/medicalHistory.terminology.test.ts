import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { SEARCH_TOO_SHORT } from '../../src/domain/clinical/medicalHistory';
import { scopeOf } from '../../src/domain/permissions';
import { HttpError } from '../../src/server/errors';
import { terminologyFor } from '../../src/server/services/terminology';
import { anonymous, auditOf } from './clinicalRecord.helpers';
import { createTestApp, type TestApp } from './helpers/testApp';
import { detailOf, type Row } from './medicalHistory.helpers';
import { clientFor, isValidationError, type Client } from './resources.helpers';

/**
 * The medical history's code sets (spec 001 section 7; src/server/services/terminology/README.md):
 * GET medications/search and medications/{rxcui} (RxNorm), GET snowstorm/search and snowstorm/{code}
 * (SNOMED CT), answered here from the bundled catalogue (no upstream is configured in the tests);
 * and the terminology interface itself against a stub RxNav and Snowstorm (a local HTTP server that
 * records what it is asked): the requests it sends, how the answers are mapped, that nothing is sent
 * when no upstream is set, and that an upstream's failure is a 502, never a silent fallback.
 */

let t: TestApp;
let clinician: Client;
let staff: Client;
let lakesideAdmin: Client;
let internalClinician: Client;

beforeAll(async () => {
  t = await createTestApp();
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  staff = await clientFor(t.app, 'staff@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
  internalClinician = await clientFor(t.app, 'internal.clinician@demo.example');
}, 120_000);
afterAll(async () => t?.close());

const TOO_SHORT = (loc: string) => ({ status: 422, body: { detail: [{ loc: ['query', loc], msg: SEARCH_TOO_SHORT, type: 'string_too_short' }] } });

describe('GET medications/search and medications/{rxcui} (the bundled RxNorm catalogue)', () => {
  test("'metop': at most 25 concepts {rxcui, name, tty}, every one a metoprolol", async () => {
    const answer = await clinician.get('/api/medications/search', { q: 'metop' });
    expect(answer.status).toBe(200);
    const rows = answer.body as Row[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(25);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(['name', 'rxcui', 'tty']);
      expect(row.rxcui).toMatch(/^\d+$/);
      expect(String(row.name).toLowerCase()).toContain('metoprolol');
    }
    expect(rows.map((r) => r.rxcui)).toContain('866514');
  });

  test('every typed word starts a word of the name; limit narrows; the text is trimmed', async () => {
    const succinate = (await clinician.get('/api/medications/search', { q: 'metop succ' })).body as Row[];
    expect(succinate.length).toBeGreaterThan(0);
    for (const row of succinate) expect(String(row.name).toLowerCase()).toMatch(/metoprolol succinate/);
    expect((await clinician.get('/api/medications/search', { q: 'metop', limit: '3' })).body).toHaveLength(3);
    expect((await clinician.get('/api/medications/search', { q: '  metop  ' })).body).toEqual(
      (await clinician.get('/api/medications/search', { q: 'metop' })).body,
    );
    expect(await clinician.get('/api/medications/search', { q: 'zzzqqq' })).toMatchObject({ status: 200, body: [] });
  });

  test("fewer than 3 characters: 422 'Type at least 3 characters to search'; no q, a limit over 25 or an unknown parameter: 422", async () => {
    expect(await clinician.get('/api/medications/search', { q: 'me' })).toMatchObject(TOO_SHORT('q'));
    expect(await clinician.get('/api/medications/search', { q: '  me  ' })).toMatchObject(TOO_SHORT('q'));
    expect(await clinician.get('/api/medications/search', { q: '' })).toMatchObject(TOO_SHORT('q'));
    expect(SEARCH_TOO_SHORT).toBe('Type at least 3 characters to search');
    const missing = await clinician.get('/api/medications/search');
    expect(isValidationError(missing, ['query', 'q'])).toBe(true);
    expect(detailOf(missing)[0]).toMatchObject({ msg: 'Field required', type: 'missing' });
    expect(isValidationError(await clinician.get('/api/medications/search', { q: 'metop', limit: '26' }), ['query', 'limit'])).toBe(true);
    expect(isValidationError(await clinician.get('/api/medications/search', { q: 'metop', limit: '0' }), ['query', 'limit'])).toBe(true);
    expect(isValidationError(await clinician.get('/api/medications/search', { q: 'metop', term: 'x' }), ['query', 'term'])).toBe(true);
  });

  test('one concept by its RxCUI: 200; an unknown one: 404; not an RxCUI: 422', async () => {
    expect(await clinician.get('/api/medications/866514')).toMatchObject({
      status: 200,
      body: { rxcui: '866514', name: 'metoprolol tartrate 50 MG Oral Tablet', tty: 'SCD' },
    });
    expect(String(((await clinician.get('/api/medications/866514')).body as Row).name)).toContain('metoprolol');
    expect(await clinician.get('/api/medications/9999999999')).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    for (const rxcui of ['abc', '86651x', '12345678901']) {
      const answer = await clinician.get(`/api/medications/${rxcui}`);
      expect(answer.status, rxcui).toBe(422);
      expect(detailOf(answer)[0]?.loc.at(-1), rxcui).toBe('rxcui');
    }
  });
});

describe('GET snowstorm/search and snowstorm/{code} (the bundled SNOMED CT catalogue)', () => {
  test("'penic' among medications: Penicillin (764146007) first, each answer {code, display}", async () => {
    const answer = await clinician.get('/api/snowstorm/search', { query: 'penic', category: 'medication' });
    expect(answer.status).toBe(200);
    const rows = answer.body as Row[];
    expect(rows[0]).toEqual({ code: '764146007', display: 'Penicillin' });
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(['code', 'display']);
      expect(String(row.display).toLowerCase()).toMatch(/(^|[^a-z])penic/);
    }
  });

  test("'urtic' among reactions finds Urticaria; not among medications; without a category, in both", async () => {
    const reactions = (await clinician.get('/api/snowstorm/search', { query: 'urtic', category: 'reaction' })).body as Row[];
    expect(reactions).toContainEqual({ code: '126485001', display: 'Urticaria' });
    const medications = (await clinician.get('/api/snowstorm/search', { query: 'urtic', category: 'medication' })).body as Row[];
    expect(medications).not.toContainEqual({ code: '126485001', display: 'Urticaria' });
    const all = (await clinician.get('/api/snowstorm/search', { query: 'urtic' })).body as Row[];
    expect(all).toContainEqual({ code: '126485001', display: 'Urticaria' });
    const penicillin = (await clinician.get('/api/snowstorm/search', { query: 'penicillin' })).body as Row[];
    expect(penicillin).toContainEqual({ code: '764146007', display: 'Penicillin' });
    expect((await clinician.get('/api/snowstorm/search', { query: 'penic', limit: '2' })).body).toHaveLength(2);
  });

  test('an unknown category, a short text, no text, a limit over 25: 422', async () => {
    expect(isValidationError(await clinician.get('/api/snowstorm/search', { query: 'penic', category: 'mineral' }), ['query', 'category'])).toBe(true);
    expect(await clinician.get('/api/snowstorm/search', { query: 'pe', category: 'medication' })).toMatchObject(TOO_SHORT('query'));
    expect(isValidationError(await clinician.get('/api/snowstorm/search', { category: 'food' }), ['query', 'query'])).toBe(true);
    expect(isValidationError(await clinician.get('/api/snowstorm/search', { query: 'penic', limit: '26' }), ['query', 'limit'])).toBe(true);
  });

  test('one concept by its code: 200; an unknown one: 404; not a code: 422', async () => {
    expect(await clinician.get('/api/snowstorm/764146007')).toMatchObject({ status: 200, body: { code: '764146007', display: 'Penicillin' } });
    expect(await clinician.get('/api/snowstorm/126485001')).toMatchObject({ status: 200, body: { code: '126485001', display: 'Urticaria' } });
    expect(await clinician.get('/api/snowstorm/999999999')).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    for (const code of ['abc', '12345']) {
      const answer = await clinician.get(`/api/snowstorm/${code}`);
      expect(answer.status, code).toBe(422);
      expect(detailOf(answer)[0]?.loc.at(-1), code).toBe('code');
    }
  });
});

describe('who may search', () => {
  test('whoever holds patients.read or patients.queue (staff hold patients.read); searches are not audited', async () => {
    expect(scopeOf('staff', 'patients.read')).toBe('tenant');
    expect(scopeOf('staff', 'patients.queue')).toBeUndefined();
    for (const client of [clinician, staff, lakesideAdmin, internalClinician]) {
      const search = await client.get('/api/medications/search', { q: 'metop' });
      expect(search.status).toBe(200);
      expect(await auditOf(t.app, search)).toEqual([]);
      expect((await client.get('/api/medications/866514')).status).toBe(200);
      expect((await client.get('/api/snowstorm/search', { query: 'penic' })).status).toBe(200);
      expect((await client.get('/api/snowstorm/764146007')).status).toBe(200);
    }
  });

  test('no token: 401', async () => {
    for (const path of ['/api/medications/search?q=metop', '/api/medications/866514', '/api/snowstorm/search?query=penic', '/api/snowstorm/764146007']) {
      expect(await anonymous(t.app, 'GET', path), path).toMatchObject({ status: 401 });
    }
  });
});

/** What the stub was asked: the path, the query and the headers of each request. */
interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
}
type Answer = { status: number; body: unknown } | undefined;

/** A stub RxNav and Snowstorm on 127.0.0.1: answers what `respond` says (404 `{}` otherwise) and records every request. */
function stubServer() {
  const seen: Seen[] = [];
  let respond: (path: string, query: URLSearchParams) => Answer = () => undefined;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub');
    seen.push({ method: request.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: request.headers });
    const answer = respond(url.pathname, url.searchParams) ?? { status: 404, body: {} };
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    response.writeHead(answer.status, { 'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json' });
    response.end(text);
  });
  return {
    seen,
    answer(fn: typeof respond) {
      respond = fn;
    },
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const ok = (body: unknown): Answer => ({ status: 200, body });
const properties = (rxcui: string, name: string, tty = 'SCD') => ok({ propConceptGroup: null, properties: { rxcui, name, tty, synonym: '', language: 'ENG' } });

describe('the terminology interface (terminologyFor) against a stub RxNav and Snowstorm', () => {
  const stub = stubServer();
  let base: string;
  let host: string;
  const upstream = () => terminologyFor({ rxnavUrl: `${base}/REST`, snowstormUrl: `${base}/snowstorm`, snowstormBranch: 'MAIN' });

  beforeAll(async () => {
    base = await stub.start();
    host = new URL(base).host;
  });
  afterAll(async () => stub.stop());
  beforeEach(() => {
    stub.seen.length = 0;
    stub.answer(() => undefined);
  });

  test('a medication search asks approximateTerm.json (term, option=1); a candidate without its name is named by properties.json', async () => {
    stub.answer((path) => {
      if (path === '/REST/approximateTerm.json') {
        return ok({
          approximateGroup: {
            inputTerm: 'metoprolol tart',
            candidate: [
              { rxcui: '866514', rxaui: '1', score: '10', rank: '1', name: 'metoprolol tartrate 50 MG Oral Tablet', tty: 'SCD', source: 'RXNORM' },
              { rxcui: '866514', rxaui: '2', score: '10', rank: '1', name: 'metoprolol tartrate 50 MG Oral Tablet', source: 'RXNORM' },
              { rxcui: '866511', rxaui: '3', score: '9', rank: '2' },
              { rxaui: '4', score: '8', rank: '3', name: 'no concept' },
              { rxcui: '6918', rxaui: '5', score: '7', rank: '4', name: 'metoprolol' },
            ],
          },
        });
      }
      if (path === '/REST/rxcui/866511/properties.json') return properties('866511', 'metoprolol tartrate 25 MG Oral Tablet');
      return undefined;
    });
    const found = await upstream().medications.search('metoprolol tart', 10);
    expect(found).toEqual([
      { rxcui: '866514', name: 'metoprolol tartrate 50 MG Oral Tablet', tty: 'SCD' },
      { rxcui: '866511', name: 'metoprolol tartrate 25 MG Oral Tablet', tty: 'SCD' },
      { rxcui: '6918', name: 'metoprolol', tty: null },
    ]);
    expect(stub.seen.map((s) => [s.method, s.path])).toEqual([
      ['GET', '/REST/approximateTerm.json'],
      ['GET', '/REST/rxcui/866511/properties.json'],
    ]);
    expect(stub.seen[0]?.query).toEqual({ term: 'metoprolol tart', option: '1', maxEntries: '20' });
    expect(stub.seen[0]?.headers.accept).toBe('application/json');
  });

  test('a medication search stops at the limit; no candidates is no answer', async () => {
    const candidate = (rxcui: string) => ({ rxcui, name: `drug ${rxcui}`, tty: 'SCD' });
    stub.answer((path, query) =>
      path === '/REST/approximateTerm.json'
        ? ok({ approximateGroup: query.get('term') === 'none' ? { inputTerm: 'none' } : { candidate: ['1', '2', '3', '4'].map(candidate) } })
        : undefined,
    );
    expect((await upstream().medications.search('drug', 2)).map((m) => m.rxcui)).toEqual(['1', '2']);
    expect(stub.seen[0]?.query.maxEntries).toBe('4');
    expect(await upstream().medications.search('none', 25)).toEqual([]);
  });

  test('a medication read asks rxcui/{id}/properties.json; an unknown RxCUI (no properties, or 404) is none', async () => {
    stub.answer((path) => {
      if (path === '/REST/rxcui/866514/properties.json') return properties('866514', 'metoprolol tartrate 50 MG Oral Tablet');
      if (path === '/REST/rxcui/1/properties.json') return ok({});
      return undefined;
    });
    expect(await upstream().medications.find('866514')).toEqual({ rxcui: '866514', name: 'metoprolol tartrate 50 MG Oral Tablet', tty: 'SCD' });
    expect(await upstream().medications.find('1')).toBeUndefined();
    expect(await upstream().medications.find('2')).toBeUndefined();
    expect(stub.seen.map((s) => s.path)).toEqual(['/REST/rxcui/866514/properties.json', '/REST/rxcui/1/properties.json', '/REST/rxcui/2/properties.json']);
  });

  test('a SNOMED CT search asks {branch}/concepts with the term and the ECL of the category; the preferred term names a concept', async () => {
    stub.answer((path) =>
      path === '/snowstorm/MAIN/concepts'
        ? ok({
            items: [
              { conceptId: '764146007', active: true, pt: { term: 'Penicillin', lang: 'en' }, fsn: { term: 'Penicillin (substance)', lang: 'en' } },
              { conceptId: '6369005', active: true, fsn: { term: 'Penicillin -class of antibiotic- (substance)', lang: 'en' } },
              { conceptId: '1', active: true },
            ],
            total: 3,
            limit: 10,
          })
        : undefined,
    );
    expect(await upstream().snomed.search('penic', 'medication', 10)).toEqual([
      { code: '764146007', display: 'Penicillin' },
      { code: '6369005', display: 'Penicillin -class of antibiotic- (substance)' },
    ]);
    expect(stub.seen[0]).toMatchObject({
      method: 'GET',
      path: '/snowstorm/MAIN/concepts',
      query: { term: 'penic', activeFilter: 'true', limit: '10', ecl: '<< 410942007 |Drug or medicament|' },
    });
    expect(stub.seen[0]?.headers['accept-language']).toMatch(/^en-X-900000000000509007/);

    const ecls: [Parameters<ReturnType<typeof upstream>['snomed']['search']>[1], string][] = [
      ['reaction', '<< 404684003 |Clinical finding|'],
      ['food', '<< 762766007 |Edible substance|'],
      ['environment', '<< 105590001 |Substance|'],
      ['biologic', '<< 105590001 |Substance|'],
      [undefined, '<< 105590001 |Substance| OR << 404684003 |Clinical finding|'],
    ];
    for (const [category, ecl] of ecls) {
      stub.seen.length = 0;
      await upstream().snomed.search('urtic', category, 25);
      expect(stub.seen[0]?.query, String(category)).toMatchObject({ term: 'urtic', ecl });
    }
  });

  test('a SNOMED CT read asks {branch}/concepts/{id}; an inactive or unknown concept is none; another branch is in the path', async () => {
    stub.answer((path) => {
      if (path === '/snowstorm/MAIN/concepts/764146007') return ok({ conceptId: '764146007', active: true, pt: { term: 'Penicillin' } });
      if (path === '/snowstorm/MAIN/concepts/111111111') return ok({ conceptId: '111111111', active: false, pt: { term: 'Retired' } });
      if (path === '/snowstorm/MAIN/SNOMEDCT-US/concepts/126485001') return ok({ conceptId: '126485001', active: true, pt: { term: 'Urticaria' } });
      return undefined;
    });
    expect(await upstream().snomed.find('764146007')).toEqual({ code: '764146007', display: 'Penicillin' });
    expect(await upstream().snomed.find('111111111')).toBeUndefined();
    expect(await upstream().snomed.find('222222222')).toBeUndefined();
    const us = terminologyFor({ rxnavUrl: undefined, snowstormUrl: `${base}/snowstorm/`, snowstormBranch: 'MAIN/SNOMEDCT-US' });
    expect(await us.snomed.find('126485001')).toEqual({ code: '126485001', display: 'Urticaria' });
    expect(stub.seen.map((s) => s.path)).toEqual([
      '/snowstorm/MAIN/concepts/764146007',
      '/snowstorm/MAIN/concepts/111111111',
      '/snowstorm/MAIN/concepts/222222222',
      '/snowstorm/MAIN/SNOMEDCT-US/concepts/126485001',
    ]);
  });

  test("describe() names each upstream's host, or 'bundled' for one not set", () => {
    expect(upstream().describe()).toEqual({ medications: host, snomed: host });
    expect(terminologyFor({ rxnavUrl: `${base}/REST`, snowstormUrl: undefined, snowstormBranch: 'MAIN' }).describe()).toEqual({
      medications: host,
      snomed: 'bundled',
    });
  });

  test('with no URL set, the bundled catalogue answers and nothing is sent', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.reject(new Error('no network expected')));
    const bundled = terminologyFor({ rxnavUrl: undefined, snowstormUrl: undefined, snowstormBranch: 'MAIN' }, fetchImpl);
    expect(bundled.describe()).toEqual({ medications: 'bundled', snomed: 'bundled' });
    const medications = await bundled.medications.search('metop', 25);
    expect(medications.length).toBeGreaterThan(0);
    expect(medications.every((m) => m.name.toLowerCase().includes('metoprolol'))).toBe(true);
    expect(await bundled.medications.find('866514')).toEqual({ rxcui: '866514', name: 'metoprolol tartrate 50 MG Oral Tablet', tty: 'SCD' });
    expect((await bundled.snomed.search('penic', 'medication', 25))[0]).toEqual({ code: '764146007', display: 'Penicillin' });
    expect(await bundled.snomed.search('urtic', 'reaction', 25)).toContainEqual({ code: '126485001', display: 'Urticaria' });
    expect(await bundled.snomed.find('764146007')).toEqual({ code: '764146007', display: 'Penicillin' });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(stub.seen).toEqual([]);
  });

  test('an upstream that fails, gives no JSON or cannot be reached: the call rejects with an HttpError 502', async () => {
    stub.answer((path) =>
      path.endsWith('concepts/1') || path.endsWith('properties.json') ? { status: 200, body: 'not json' } : { status: 500, body: { error: 'boom' } },
    );
    const failing = upstream();
    const rejection = (promise: Promise<unknown>) =>
      promise.then(
        () => {
          throw new Error('expected a rejection');
        },
        (error: unknown) => error,
      );
    for (const call of [() => failing.medications.search('metop', 25), () => failing.snomed.search('penic', 'medication', 25)]) {
      const error = await rejection(call());
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 502, detail: 'The terminology server answered 500' });
    }
    for (const call of [() => failing.medications.find('866514'), () => failing.snomed.find('1')]) {
      expect(await rejection(call())).toMatchObject({ statusCode: 502, detail: 'The terminology server gave no JSON' });
    }

    // A port nobody listens on.
    const closed = stubServer();
    const gone = await closed.start();
    await closed.stop();
    const unreachable = terminologyFor({ rxnavUrl: `${gone}/REST`, snowstormUrl: `${gone}/snowstorm`, snowstormBranch: 'MAIN' });
    for (const call of [() => unreachable.medications.search('metop', 25), () => unreachable.snomed.find('764146007')]) {
      const error = await rejection(call());
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 502, detail: 'The terminology server could not be reached' });
    }
  });

  describe('a server configured with the upstreams', () => {
    let configured: TestApp;
    let client: Client;
    beforeAll(async () => {
      configured = await createTestApp({ terminology: { rxnavUrl: `${base}/REST`, snowstormUrl: `${base}/snowstorm`, snowstormBranch: 'MAIN' } });
      client = await clientFor(configured.app, 'clinician@northwind.demo.example');
    }, 120_000);
    afterAll(async () => configured?.close());

    test("answers the upstream's concepts, sends only the typed text, and answers 502 when the upstream fails", async () => {
      stub.answer((path) => {
        if (path === '/REST/approximateTerm.json')
          return ok({ approximateGroup: { candidate: [{ rxcui: '866514', name: 'metoprolol tartrate 50 MG Oral Tablet', tty: 'SCD' }] } });
        if (path === '/snowstorm/MAIN/concepts/764146007') return ok({ conceptId: '764146007', active: true, pt: { term: 'Penicillin' } });
        return undefined;
      });
      expect(await client.get('/api/medications/search', { q: ' metop ' })).toMatchObject({
        status: 200,
        body: [{ rxcui: '866514', name: 'metoprolol tartrate 50 MG Oral Tablet', tty: 'SCD' }],
      });
      expect(stub.seen[0]?.query).toEqual({ term: 'metop', option: '1', maxEntries: '50' });
      expect(await client.get('/api/snowstorm/764146007')).toMatchObject({ status: 200, body: { code: '764146007', display: 'Penicillin' } });
      expect(await client.get('/api/snowstorm/126485001')).toMatchObject({ status: 404, body: { detail: 'Not found' } });
      // The 3-character rule is the server's: nothing is sent for a short text.
      const asked = stub.seen.length;
      expect((await client.get('/api/medications/search', { q: 'me' })).status).toBe(422);
      expect(stub.seen).toHaveLength(asked);

      stub.answer(() => ({ status: 500, body: {} }));
      expect(await client.get('/api/medications/search', { q: 'metop' })).toMatchObject({
        status: 502,
        body: { detail: 'The terminology server answered 500' },
      });
      expect(await client.get('/api/snowstorm/search', { query: 'penic' })).toMatchObject({
        status: 502,
        body: { detail: 'The terminology server answered 500' },
      });
    });
  });
});
