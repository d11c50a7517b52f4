import { symptomBand, symptomLabel, type SymptomBand } from '../../../../domain/clinical/symptoms';

/**
 * The record's symptoms grid (spec 001 section 2, "a symptoms grid with a Month or Week toggle"),
 * from `GET /patients/{id}/conditions/summary?timeframe=week|month`: a row per symptom the patient
 * reported in the period, a column per day, each cell the day's highest severity in its colour band
 * (spec 001 section 9: "colour bands are at most 0, 1, 4 and 10"). Pure: days are calendar days.
 */

/** In the toggle's order (spec 001 section 2: "a Month or Week toggle"). */
export const TIMEFRAMES = ['month', 'week'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export const DEFAULT_TIMEFRAME: Timeframe = 'week';
export const TIMEFRAME_LABELS: Readonly<Record<Timeframe, string>> = { week: 'Week', month: 'Month' };

/** The legend, in the bands' order; the en dash is the typographic range. */
export const BAND_LEGEND: readonly { band: SymptomBand; label: string }[] = [
  { band: 'none', label: 'None' },
  { band: 'mild', label: 'Mild (1)' },
  { band: 'moderate', label: 'Moderate (2–4)' },
  { band: 'severe', label: 'Severe (5–10)' },
];

/** A band in words, for a screen reader beside the number. */
const BAND_WORDS: Readonly<Record<SymptomBand, string>> = { none: 'None', mild: 'Mild', moderate: 'Moderate', severe: 'Severe' };

export interface GridDay {
  /** yyyy-mm-dd */
  date: string;
  /** 'Jun 3' */
  short: string;
  /** 'Wednesday, June 3, 2026' */
  long: string;
}

export interface GridCell {
  date: string;
  /** The day's highest severity, null when nothing was reported. */
  severity: number | null;
  band: SymptomBand;
}

export interface GridRow {
  name: string;
  label: string;
  cells: GridCell[];
}

export interface SymptomGrid {
  days: GridDay[];
  /** Only the symptoms reported (above 0) on a day of the period; none is the empty grid. */
  rows: GridRow[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayFormat = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
// Made on first use: building date formats at module load cost every page about 70 ms (the features' chunk loads with any screen).
let formats: { short: Intl.DateTimeFormat; long: Intl.DateTimeFormat } | undefined;
const dayFormats = () =>
  (formats ??= { short: dayFormat({ month: 'short', day: 'numeric' }), long: dayFormat({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }) });

/** A calendar day's headers, read at noon UTC so that no zone moves it. */
export function gridDay(date: string): GridDay {
  const instant = new Date(`${date}T12:00:00Z`);
  return { date, short: dayFormats().short.format(instant), long: dayFormats().long.format(instant) };
}

const severityOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The grid of a conditions summary (`{days, symptoms: [{name, label, severities: {day: n}}]}`), in the server's order. */
export function symptomGrid(summary: unknown): SymptomGrid {
  const body = typeof summary === 'object' && summary !== null ? (summary as Record<string, unknown>) : {};
  const dates = Array.isArray(body.days) ? body.days.filter((day): day is string => typeof day === 'string' && DAY.test(day)) : [];
  const symptoms = Array.isArray(body.symptoms) ? body.symptoms : [];
  const rows = symptoms.flatMap((item: unknown): GridRow[] => {
    if (typeof item !== 'object' || item === null) return [];
    const symptom = item as Record<string, unknown>;
    if (typeof symptom.name !== 'string') return [];
    const severities = typeof symptom.severities === 'object' && symptom.severities !== null ? (symptom.severities as Record<string, unknown>) : {};
    const cells = dates.map((date) => {
      const severity = severityOf(severities[date]);
      return { date, severity, band: symptomBand(severity) };
    });
    if (cells.every((cell) => cell.band === 'none')) return [];
    const label = typeof symptom.label === 'string' && symptom.label !== '' ? symptom.label : symptomLabel(symptom.name);
    return [{ name: symptom.name, label, cells }];
  });
  return { days: dates.map(gridDay), rows };
}

/** What a screen reader hears of a cell: '3, Moderate'; a day without a report, 'None'. */
export function cellWords(cell: GridCell): string {
  return cell.band === 'none' ? BAND_WORDS.none : `${cell.severity ?? ''}, ${BAND_WORDS[cell.band]}`;
}
