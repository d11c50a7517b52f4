import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, type Client } from './resources.helpers';

/**
 * Every write of the OpenAPI document, with each of its body's fields set to a value the schema
 * types but the database cannot hold (an integer past PostgreSQL's integer, a number past double;
 * texts short, so that the body gets past length rules to the routes and the database), answers a
 * 4xx, never a 500: bad input changes nothing and says so. About 55 writes today, most refused by
 * the routes' own rules. The first step of issue 12's fuzzing; the whole fuzz (wrong types, depth,
 * ranges, every operation) is still to come.
 */
type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; enum?: unknown[] };
type Operation = { requestBody?: { content?: Record<string, { schema?: Schema }> } };

const INT_PAST_MAX = 2_147_483_648;

/** A value of the schema's type that no column can take. */
function extreme(schema: Schema | undefined): unknown {
  if (schema?.enum) return schema.enum[0];
  const type = Array.isArray(schema?.type) ? schema.type.find((t) => t !== 'null') : schema?.type;
  switch (type) {
    case 'integer':
      return INT_PAST_MAX;
    case 'number':
      return 1e308;
    case 'string':
      return 'x';
    case 'boolean':
      return true;
    case 'array':
      return [extreme(schema?.items)];
    case 'object':
      return Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([name, property]) => [name, extreme(property)]));
    default:
      return INT_PAST_MAX;
  }
}

let t: TestApp;
let superadmin: Client;
beforeAll(async () => {
  t = await createTestApp();
  superadmin = await clientFor(t.app, 'superadmin@demo.example');
});
afterAll(async () => t.close());

describe('values the database cannot hold', () => {
  it('are a 4xx on every write of the API, never a 500', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let sent = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const upper = method.toUpperCase();
        if (upper !== 'POST' && upper !== 'PUT' && upper !== 'PATCH') continue;
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        if (!schema) continue;
        const url = `/api${path.replace(/^\/api/, '')}`.replace(/\{[^}]+\}/g, '1');
        const body = extreme(schema);
        const answer = await superadmin.send(upper, url, body);
        sent += 1;
        if (answer.status >= 500) failures.push(`${upper} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }
    expect(sent).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });
});
