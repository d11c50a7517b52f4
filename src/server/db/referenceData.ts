import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

const DATA_DIR = fileURLToPath(new URL('./referenceData/', import.meta.url));
/** Rows per insert: at most six parameters a row, far below PostgreSQL's 65,535. */
const BATCH = 5000;

type Row = Record<string, string | number | null>;

/** One kind of reference file: its name, its columns, the table it fills and how a CSV row becomes a table row. */
interface ReferenceKind {
  file: RegExp;
  columns: string;
  table: 'icd10_codes' | 'fee_schedule_amounts' | 'fee_schedule_localities';
  row: (fields: string[], match: RegExpExecArray) => Row;
}

const orNull = (value: string | undefined) => (value ? value : null);

/** The files of referenceData/ (README.md there names each one's source). */
const KINDS: readonly ReferenceKind[] = [
  {
    // ICD-10-CM codes of one yearly release (migration 0022).
    file: /^icd10cm-(\d{4})\.csv$/,
    columns: 'code,description',
    table: 'icd10_codes',
    row: ([code = '', description = ''], match) => ({ release: Number(match[1]), code, description }),
  },
  {
    // The Medicare Physician Fee Schedule's national amounts of one year (migration 0029), in dollars in the file, cents in the table.
    file: /^mpfs-(\d{4})\.csv$/,
    columns: 'code,effective_from,effective_to,amount,source',
    table: 'fee_schedule_amounts',
    row: ([code = '', from = '', to, amount = '', source = '']) => ({
      code,
      effective_from: from,
      effective_to: orNull(to),
      amount_cents: dollarsToCents(amount),
      source,
    }),
  },
  {
    // The payment localities' factors over the national amounts (migration 0029).
    file: /^mpfs-localities-(\d{4})\.csv$/,
    columns: 'locality_id,name,effective_from,effective_to,multiplier,source',
    table: 'fee_schedule_localities',
    row: ([locality_id = '', name = '', from = '', to, multiplier = '', source = '']) => ({
      locality_id,
      name,
      effective_from: from,
      effective_to: orNull(to),
      multiplier,
      source,
    }),
  },
];

/** "43.02" -> 4302, exactly (no floating point on the way); anything but dollars with at most 2 decimals is refused. */
function dollarsToCents(text: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`not an amount in dollars: ${text}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * Loads every reference data file of `referenceData/` not yet recorded in schema_migrations (as
 * `data:icd10cm-2018.csv`), each in its own transaction with its record, after the SQL migrations
 * that made its table: the ICD-10-CM releases and the fee schedule's years and localities. A new
 * year is a new file, never a change of code. Returns the names loaded by this call.
 */
export async function loadReferenceData(db: Kysely<DB>, done: ReadonlySet<string>): Promise<string[]> {
  const files = (await readdir(DATA_DIR)).filter((f) => KINDS.some((k) => k.file.test(f))).sort();
  const loaded: string[] = [];
  for (const file of files) {
    const name = `data:${file}`;
    if (done.has(name)) continue;
    const kind = KINDS.find((k) => k.file.test(file));
    const match = kind?.file.exec(file);
    if (!kind || !match) continue;
    const [header, ...rows] = parseCsv(await readFile(DATA_DIR + file, 'utf8'));
    if (header?.join(',') !== kind.columns) throw new Error(`${file}: expected the columns ${kind.columns}`);
    const values = rows.filter((row) => row.length > 1 || row[0] !== '').map((row) => kind.row(row, match));
    await db.transaction().execute(async (trx) => {
      await sql`set local statement_timeout = 0`.execute(trx);
      for (let i = 0; i < values.length; i += BATCH)
        await trx
          .insertInto(kind.table)
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
