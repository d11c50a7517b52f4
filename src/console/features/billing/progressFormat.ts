import { elapsedWeekdayShare, paceColour, type PaceColour } from '../../../domain/billing/monthPace';

/**
 * How a month's progress reads on the Monitoring Progress screen and Home (spec 001 section 9,
 * "Monitoring progress"): a percentage, and the colour of the month's pace told in words as well,
 * so that colour is never the only sign. Time is shown in minutes (seconds / 60, rounded down);
 * what is left of it is rounded up, so that "8 min left" is enough. Pure: the cells give `today`.
 */

/** What each colour of the pace says to a screen reader and in the tooltip. */
export const PACE_WORDS: Readonly<Record<PaceColour, string>> = {
  green: 'on pace',
  yellow: 'slightly behind pace',
  red: 'behind pace',
};

/** A bar's tone: the pace's colour, or gray for a service that will not be billed (excluded). */
export type BarTone = PaceColour | 'gray';

export interface Pace {
  /** 0 to 100, rounded down: 100% only once complete. */
  percent: number;
  /** '45%' */
  text: string;
  colour: PaceColour;
  words: string;
}

/** The `yyyy-mm` of a row's month (`start_date`, the month's first day), or undefined. */
export function rowMonth(startDate: unknown): string | undefined {
  return typeof startDate === 'string' && /^\d{4}-\d{2}-\d{2}/.test(startDate) ? startDate.slice(0, 7) : undefined;
}

/**
 * A progress (0 to 1) against the share of the month's weekdays elapsed on `today` (yyyy-mm-dd in
 * the user's zone); null for no progress (the patient is not in the program that month).
 */
export function paceOf(progress: unknown, month: string | undefined, today: string): Pace | null {
  if (typeof progress !== 'number' || !Number.isFinite(progress)) return null;
  const share = Math.min(1, Math.max(0, progress));
  // 0.29 * 100 is 28.999...: the epsilon keeps it 29.
  const percent = Math.floor(share * 100 + 1e-9);
  const colour = paceColour(share, elapsedWeekdayShare(month ?? today.slice(0, 7), today));
  return { percent, text: `${percent}%`, colour, words: PACE_WORDS[colour] };
}

/** One CPT code of a row's services, as the rpm, ccm and pcm views list them. */
export interface ServiceLine {
  code: string;
  /** '12 / 20 min', '9 / 16 days'. */
  amount: string;
  percent: number;
  tone: BarTone;
  /** What the bar's tone says (the pace's words); null for an excluded code, whose status says it. */
  words: string | null;
  /** 'x2' when units were earned, else null. */
  units: string | null;
  unitsWords: string | null;
  /** The statuses named beside the bar. */
  status: 'excluded' | 'billed' | null;
  /** '8 min left', '7 days left': what the next unit still needs, while above 0 (highlighted, spec 002 section 9). */
  remaining: string | null;
}

interface Service {
  cpt_code: string;
  program: string;
  measure: string;
  value: number;
  max_value: number;
  progress: number;
  units: number;
  remaining: number;
  status: string;
}

const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

function readService(item: unknown): Service | null {
  if (typeof item !== 'object' || item === null) return null;
  const s = item as Record<string, unknown>;
  if (typeof s.cpt_code !== 'string') return null;
  return {
    cpt_code: s.cpt_code,
    program: text(s.program),
    measure: text(s.measure),
    value: number(s.value),
    max_value: number(s.max_value),
    progress: number(s.progress),
    units: number(s.units),
    remaining: number(s.remaining),
    status: text(s.status),
  };
}

const days = (n: number) => (n === 1 ? 'day' : 'days');

function amountOf(service: Service): string {
  if (service.measure === 'minutes') return `${Math.floor(service.value / 60)} / ${Math.floor(service.max_value / 60)} min`;
  return `${service.value} / ${service.max_value} ${days(service.max_value)}`;
}

function remainingOf(service: Service): string | null {
  if (service.remaining <= 0 || service.status === 'excluded' || service.status === 'billed') return null;
  if (service.measure === 'minutes') return `${Math.ceil(service.remaining / 60)} min left`;
  return `${service.remaining} ${days(service.remaining)} left`;
}

/**
 * The services of a row (`meta={"expand": ["services"]}`) of one program, one line per CPT code in
 * the order the API gives (by code); [] when it has none of that program. A month that is over
 * shows no time or days left.
 */
export function serviceLines(services: unknown, program: string, month: string | undefined, today: string): ServiceLine[] {
  const rows = Array.isArray(services) ? services.map(readService) : [];
  // A month that is over has nothing left to earn: what it lacked is no longer "left".
  const over = month !== undefined && month < today.slice(0, 7);
  return rows
    .filter((service): service is Service => service !== null && service.program === program)
    .map((service) => {
      const pace = paceOf(service.progress, month, today) ?? { percent: 0, colour: 'red' as const, words: PACE_WORDS.red };
      const excluded = service.status === 'excluded';
      return {
        code: service.cpt_code,
        amount: amountOf(service),
        percent: pace.percent,
        tone: excluded ? 'gray' : pace.colour,
        words: excluded ? null : pace.words,
        units: service.units > 0 ? `x${service.units}` : null,
        unitsWords: service.units > 0 ? `${service.units} ${service.units === 1 ? 'unit' : 'units'} earned` : null,
        status: excluded ? 'excluded' : service.status === 'billed' ? 'billed' : null,
        remaining: over ? null : remainingOf(service),
      };
    });
}
