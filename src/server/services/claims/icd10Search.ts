import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Icd10Query } from '../../../../schemas/payloads/claims';
import { ICD10_SEARCH_MIN, normalIcd10Code } from '../../../domain/billing/claims';
import type { DB } from '../../db/schema';
import { invalid } from '../../errors';
import { parseJsonObject } from '../../resources/filterQuery';

/** A search shows a short list to pick from (spec 002 section 9: the recent list keeps 12). */
const MAX_ROWS = 50;
/** The codes of a page of claims (4 each) in one getMany. */
const MAX_IDS = 500;
const MAX_TEXT = 200;

export interface Icd10Record {
  /** The code itself (spec 002 section 3: "id (first three characters, then the rest)"). */
  id: string;
  code: string;
  description: string;
}

export interface Icd10Page {
  records: Icd10Record[];
  skip: number;
  total: number;
}

type Eb = ExpressionBuilder<DB, 'icd10_codes'>;

/** `%`, `_` and `\` of a text taken literally in a LIKE pattern. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET icd10: codes of the newest ICD-10-CM release loaded (migration 0022, src/server/db/referenceData/).
 * A search (`q`, or `filter.q`) of at least 3 characters (spec 002 section 5, else 422) finds the codes
 * that start with it (`E11`, `e119` = `E11.9`) and those whose description holds every word of it,
 * whatever the case, codes that start with it first; `id` / `id[in]` read the codes a claim holds (the
 * console's getMany). At most 50 rows a page.
 */
export async function searchIcd10(db: Kysely<DB>, query: Icd10Query): Promise<Icd10Page> {
  const { q, ids } = searchOf(query);
  const skip = query.skip ?? 0;
  const limit = Math.min(query.limit ?? MAX_ROWS, MAX_ROWS);
  const prefix = q === undefined ? undefined : `${literal(normalIcd10Code(q))}%`;
  const where = (eb: Eb): Expression<SqlBool> => {
    const newest = eb('release', '=', sql<number>`(select max(release) from icd10_codes)`);
    if (ids !== undefined) return eb.and([newest, eb('code', 'in', ids.length ? ids : [''])]);
    const words = (q ?? '').split(/\s+/).filter(Boolean);
    const described = eb.and(words.map((word) => eb('description', 'ilike', `%${literal(word)}%`)));
    return eb.and([newest, eb.or([eb('code', 'like', prefix ?? ''), described])]);
  };
  const [counted, rows] = await Promise.all([
    db
      .selectFrom('icd10_codes')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('icd10_codes')
      .select(['code', 'description'])
      .where(where)
      .orderBy(sql`code like ${prefix ?? ''}`, 'desc')
      .orderBy('code')
      .offset(skip)
      .limit(limit)
      .execute(),
  ]);
  return { records: rows.map((row) => ({ id: row.code, ...row })), skip, total: Number(counted.total) };
}

/** The search text or the codes asked for, from `q` and the `filter` object; 422 for anything else. */
function searchOf(query: Icd10Query): { q?: string; ids?: string[] } {
  const filter = query.filter ? parseJsonObject(query.filter, 'filter') : {};
  let q = query.q;
  let ids: string[] | undefined;
  for (const [key, value] of Object.entries(filter)) {
    const loc = ['query', 'filter', key];
    if (key === 'q') {
      if (typeof value !== 'string') throw invalid(loc, 'Input should be a valid string', 'string_type');
      if (value.length > MAX_TEXT) throw invalid(loc, `Search text should have at most ${MAX_TEXT} characters`, 'string_too_long');
      q = value;
    } else if (key === 'id' || key === 'id[eq]' || key === 'id[in]') {
      const list = key === 'id[in]' ? value : [value];
      if (!Array.isArray(list) || !list.every((item) => typeof item === 'string' && item.length <= 16)) {
        throw invalid(loc, 'Input should be ICD-10-CM codes', 'string_type');
      }
      if (list.length > MAX_IDS) throw invalid(loc, `List should have at most ${MAX_IDS} items`, 'too_long');
      ids = (list as string[]).map(normalIcd10Code);
    } else throw invalid(loc, `Unknown field: ${key}`, 'unknown_field');
  }
  if (ids !== undefined) return { ids };
  if (q === undefined || q.trim().length < ICD10_SEARCH_MIN) {
    throw invalid(['query', 'q'], `Search with at least ${ICD10_SEARCH_MIN} characters`, q === undefined ? 'missing' : 'string_too_short');
  }
  return { q: q.trim() };
}
