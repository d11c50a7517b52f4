import { differenceInCalendarDays, formatDistance } from 'date-fns';
import { EMPTY_TEXT } from '../../../domain/emptyText';

/** What a cell shows for no value: the product's one dash (src/domain/emptyText.ts, which the PDF exports print too). */
export { EMPTY_TEXT };
/** Spec 000 section 9: recent-event dates show relative words up to 7 days, then a date. */
export const RELATIVE_DAYS = 7;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/**
 * A value as text the way String writes it (3 -> '3', null -> 'null', a list's items between
 * commas), except that an object, also inside a list, reads as JSON rather than '[object Object]'.
 */
export function plainText(value: unknown): string {
  if (Array.isArray(value)) return value.map((item: unknown) => (item === null || item === undefined ? '' : plainText(item))).join(',');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

function toDate(value: unknown): Date | undefined {
  if (isBlank(value) || (typeof value !== 'string' && typeof value !== 'number')) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** 05/31/2026. A date without a time (yyyy-mm-dd) is a calendar day and never moves between zones. */
export function formatDate(value: unknown, timeZone: string): string {
  if (typeof value === 'string' && DATE_ONLY.test(value)) {
    const [year, month, day] = value.split('-');
    return `${month}/${day}/${year}`;
  }
  const date = toDate(value);
  if (!date) return EMPTY_TEXT;
  return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** 05/31/2026, 02:30 PM in the user's zone. A date without a time (a birthdate) is that day alone, never given one. */
export function formatDateTime(value: unknown, timeZone: string): string {
  if (typeof value === 'string' && DATE_ONLY.test(value)) return formatDate(value, timeZone);
  const date = toDate(value);
  if (!date) return EMPTY_TEXT;
  const options: Intl.DateTimeFormatOptions = { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' };
  return new Intl.DateTimeFormat('en-US', options).format(date);
}

/** '3 days ago' within 7 days of now, else the date. */
export function formatRelative(value: unknown, now: Date, timeZone: string): string {
  const date = toDate(value);
  if (!date) return EMPTY_TEXT;
  if (Math.abs(differenceInCalendarDays(now, date)) > RELATIVE_DAYS) return formatDate(value, timeZone);
  return formatDistance(date, now, { addSuffix: true });
}

/** Seconds as mm:ss (minutes go past 59 rather than adding hours): 65 -> '01:05'. */
export function formatDurationMmss(value: unknown): string {
  const seconds = typeof value === 'string' ? Number(value) : value;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return EMPTY_TEXT;
  const whole = Math.round(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/** A US number as (555) 123-4567; any other number as stored. */
export function formatPhone(value: unknown): string {
  if (isBlank(value)) return EMPTY_TEXT;
  const text = plainText(value);
  const digits = text.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return text;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/**
 * An amount of money in US dollars, the only currency the spec names: 49 or '49.00' -> '$49.00'.
 * PostgreSQL's numeric arrives as a string, so both are read.
 */
export function formatMoney(value: unknown): string {
  const amount = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return EMPTY_TEXT;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
}

/** Any value as text; objects as JSON. */
export function formatText(value: unknown): string {
  if (isBlank(value)) return EMPTY_TEXT;
  return typeof value === 'object' ? JSON.stringify(value) : plainText(value);
}
