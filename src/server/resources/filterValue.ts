import type { Field, FieldKind } from './fields';

/** PostgreSQL `integer`: a larger id can never match and would fail in SQL. */
const INT_MAX = 2_147_483_647;
const MAX_TEXT = 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** `yyyy-mm-dd` names a real day of a year PostgreSQL knows (JavaScript would roll 02-31 over to March). */
function isCalendarDate(text: string): boolean {
  const [year = 0, month = 0, day = 0] = text.slice(0, 10).split('-').map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export type Checked = { ok: true; value: unknown } | { ok: false; msg: string };

const fail = (msg: string): Checked => ({ ok: false, msg });
const ok = (value: unknown): Checked => ({ ok: true, value });

/**
 * Checks one filter value against a field kind and returns it in the form SQL gets
 * (numbers, booleans, Date objects for instants). Numeric and boolean strings are accepted
 * because ids and flags often travel as text.
 */
export function checkValue(kind: FieldKind, value: unknown, enumValues?: readonly unknown[]): Checked {
  switch (kind) {
    case 'integer': {
      const n = typeof value === 'string' && /^-?\d{1,10}$/.test(value) ? Number(value) : value;
      return typeof n === 'number' && Number.isInteger(n) && Math.abs(n) <= INT_MAX ? ok(n) : fail('Input should be a valid integer');
    }
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof n === 'number' && Number.isFinite(n) ? ok(n) : fail('Input should be a valid number');
    }
    case 'boolean':
      if (value === true || value === 'true') return ok(true);
      if (value === false || value === 'false') return ok(false);
      return fail('Input should be a valid boolean');
    case 'string':
      return typeof value === 'string' && value.length <= MAX_TEXT ? ok(value) : fail('Input should be a valid string');
    case 'enum':
      return enumValues?.includes(value) ? ok(value) : fail(`Input should be one of: ${(enumValues ?? []).join(', ')}`);
    case 'date':
      return typeof value === 'string' && DATE.test(value) && isCalendarDate(value) ? ok(value) : fail('Input should be a valid date (yyyy-mm-dd)');
    case 'date-time': {
      const time = typeof value === 'string' && DATE_TIME.test(value) && isCalendarDate(value) ? new Date(value) : null;
      return time && !Number.isNaN(time.getTime()) ? ok(time) : fail('Input should be a valid ISO 8601 date-time');
    }
    case 'array':
    case 'json':
      return fail('This field cannot be compared to a value');
  }
}

/** A value for `eq`/`ne`: null is allowed where the field is nullable. */
export function checkFieldValue(field: Field, value: unknown): Checked {
  if (value === null) return field.nullable ? ok(null) : fail('Input should not be null');
  return checkValue(field.kind, value, field.enumValues);
}
