import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

const DATA_DIR = fileURLToPath(new URL('./referenceData/', import.meta.url));
/** `icd10cm-2018.csv`: the ICD-10-CM codes of one yearly release (columns code, description). */
const ICD10_FILE = /^icd10cm-(\d{4})\.csv$/;
/** Rows per insert: three parameters a row, far below PostgreSQL's 65,535. */
const BATCH = 5000;

/**
 * Loads every reference data file of `referenceData/` not yet recorded in schema_migrations (as
 * `data:icd10cm-2018.csv`), each in its own transaction with its record, after the SQL migrations
 * that made its table. Today the ICD-10-CM releases (table icd10_codes, migration 0022): a new
 * year's codes are a new file, never a change of code. Returns the names loaded by this call.
 */
export async function loadReferenceData(db: Kysely<DB>, done: ReadonlySet<string>): Promise<string[]> {
  const files = (await readdir(DATA_DIR)).filter((f) => ICD10_FILE.test(f)).sort();
  const loaded: string[] = [];
  for (const file of files) {
    const name = `data:${file}`;
    if (done.has(name)) continue;
    const release = Number(ICD10_FILE.exec(file)?.[1]);
    const [header, ...rows] = parseCsv(await readFile(DATA_DIR + file, 'utf8'));
    if (header?.join(',') !== 'code,description') throw new Error(`${file}: expected the columns code,description`);
    const values = rows.filter((row) => row.length > 1 || row[0] !== '').map(([code = '', description = '']) => ({ release, code, description }));
    await db.transaction().execute(async (trx) => {
      await sql`set local statement_timeout = 0`.execute(trx);
      for (let i = 0; i < values.length; i += BATCH)
        await trx
          .insertInto('icd10_codes')
          .values(values.slice(i, i + BATCH))
          .execute();
      await trx.insertInto('schema_migrations').values({ name }).execute();
    });
    loaded.push(name);
  }
  return loaded;
}

/** The rows of a CSV text (RFC 4180: quoted fields may hold commas, line breaks and doubled quotes; CRLF or LF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
