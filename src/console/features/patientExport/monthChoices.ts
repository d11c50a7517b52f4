import { zonedDay } from '../../../domain/zonedDays';

/** A month the export may name: its first day (the `start_date` sent) and its label. */
interface MonthChoice {
  /** 'yyyy-mm-01'. */
  value: string;
  /** 'January 2025'. */
  label: string;
}

export const EXPORT_SUCCESS = 'Export successful';
export const EXPORT_ERROR = 'Error exporting patient data';

/** More than this many months back is bad data, not a registration (20 years). */
const MAX_MONTHS = 240;

/** 'January 2025' for '2025-01'. */
export function monthLabel(month: string): string {
  return new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The month (yyyy-mm) before one. */
function previousMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const number = Number(month.slice(5, 7));
  return number === 1 ? `${String(year - 1).padStart(4, '0')}-12` : `${month.slice(0, 4)}-${String(number - 1).padStart(2, '0')}`;
}

/** The earliest of the instants given (ISO texts), or undefined when none is one. */
export function registrationOf(...instants: readonly unknown[]): Date | undefined {
  const times = instants
    .filter((v): v is string => typeof v === 'string' && v !== '')
    .map((v) => Date.parse(v))
    .filter(Number.isFinite);
  return times.length === 0 ? undefined : new Date(Math.min(...times));
}

/**
 * The monthly export's choices (spec 001: "Monthly export choices run from registration month to
 * current month"): newest first, each month of the user's zone from the current one back to the
 * registration's. A registration in the future (clock skew) gives the current month alone; none
 * known gives the current month alone too.
 * @example monthChoices(new Date('2025-11-20T12:00Z'), new Date('2026-01-05T12:00Z'), 'America/Chicago')
 *   // [{value: '2026-01-01', label: 'January 2026'}, {value: '2025-12-01', ...}, {value: '2025-11-01', ...}]
 */
export function monthChoices(registeredAt: Date | undefined, now: Date, timeZone: string): MonthChoice[] {
  const current = zonedDay(now, timeZone).slice(0, 7);
  const first = registeredAt && Number.isFinite(registeredAt.getTime()) ? zonedDay(registeredAt, timeZone).slice(0, 7) : current;
  const choices: MonthChoice[] = [];
  for (let month = current; choices.length < MAX_MONTHS; month = previousMonth(month)) {
    choices.push({ value: `${month}-01`, label: monthLabel(month) });
    if (month <= first) break;
  }
  return choices;
}
