import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparingPool } from '../../src/server/db/preparedStatements';

/**
 * Issue 20: each PostgreSQL connection prepares the statements it runs, at most so many texts, and a
 * prepared statement answers as the unnamed one did. PostgreSQL only (the second pass of .ci/run):
 * PGlite's dialect does not go through pg's pool.
 */
const url = process.env.DATABASE_URL;

describe.skipIf(!url)('prepared statements on PostgreSQL', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: url, max: 1 });
  });
  afterAll(async () => pool?.end());

  const preparedOn = async (client: { query: (text: string, values: unknown[]) => Promise<pg.QueryResult> }) =>
    (await client.query('select statement from pg_prepared_statements order by prepare_time', [])).rows.map((row: { statement: string }) => row.statement);

  it('prepares a read once per connection, answers with the values given each time, and keeps no more texts than allowed', async () => {
    const prepared = preparingPool(pool, 2);
    const client = (await prepared.connect()) as unknown as { query: (text: string, values: unknown[]) => Promise<pg.QueryResult>; release: () => void };
    try {
      const double = 'select $1::integer * 2 as doubled';
      const answers = [];
      for (const value of [1, 2, 3]) answers.push((await client.query(double, [value])).rows[0]);
      expect(answers).toEqual([{ doubled: 2 }, { doubled: 4 }, { doubled: 6 }]);
      expect((await client.query('with n as (select $1::text as name) select upper(name) as name from n', ['ada'])).rows).toEqual([{ name: 'ADA' }]);
      // A third text is past the two this connection may keep: it still runs, unnamed.
      expect((await client.query('select $1::integer + 1 as next', [41])).rows).toEqual([{ next: 42 }]);
      expect(await preparedOn(client)).toEqual([double, 'with n as (select $1::text as name) select upper(name) as name from n']);
      // Transaction control is never prepared.
      await client.query('begin', []);
      await client.query('rollback', []);
      expect(await preparedOn(client)).toHaveLength(2);
    } finally {
      client.release();
    }
    // The same connection, handed out again, still holds them (and Kysely sees the same client).
    const again = await prepared.connect();
    expect(again).toBe(client);
    again.release();
  });

  it('leaves pattern matches and upserts unnamed: an upsert on a partial unique index still finds its index', async () => {
    const prepared = preparingPool(new pg.Pool({ connectionString: url, max: 1 }), 16);
    const client = (await prepared.connect()) as unknown as { query: (text: string, values: unknown[]) => Promise<pg.QueryResult>; release: () => void };
    try {
      await client.query('create temporary table drafts (owner integer not null, status text not null)', []);
      await client.query(`create unique index drafts_one_draft on drafts (owner) where status = 'draft'`, []);
      const upsert = 'insert into drafts (owner, status) values ($1, $2) on conflict (owner) where status = $3 do nothing';
      for (let i = 0; i < 7; i++) await client.query(upsert, [7, 'draft', 'draft']);
      expect((await client.query('select count(*)::integer as n from drafts where owner = $1', [7])).rows).toEqual([{ n: 1 }]);
      expect((await client.query('select count(*)::integer as n from drafts where status like $1', ['dr%'])).rows).toEqual([{ n: 1 }]);
      expect(await preparedOn(client)).toEqual([
        'select count(*)::integer as n from drafts where owner = $1',
        'select statement from pg_prepared_statements order by prepare_time',
      ]);
    } finally {
      client.release();
      await prepared.end();
    }
  });

  it('a statement refused by the database is refused again, and prepares nothing', async () => {
    const prepared = preparingPool(new pg.Pool({ connectionString: url, max: 1 }), 4);
    const client = (await prepared.connect()) as unknown as { query: (text: string, values: unknown[]) => Promise<pg.QueryResult>; release: () => void };
    try {
      await expect(client.query('select * from no_such_table where id = $1', [1])).rejects.toThrow(/no_such_table/);
      await expect(client.query('select * from no_such_table where id = $1', [1])).rejects.toThrow(/no_such_table/);
      expect(await preparedOn(client)).toEqual(['select statement from pg_prepared_statements order by prepare_time']);
    } finally {
      client.release();
      await prepared.end();
    }
  });
});
