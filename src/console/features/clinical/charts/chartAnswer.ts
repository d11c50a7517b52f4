import type { AnnotationType } from '../../../../domain/clinical/recordValues';

/**
 * The answer of `GET /patients/{id}/charts/{measure}` (spec 001 section 3, "Chart": chart_name,
 * unit, points with their annotations, trend_points, details), read defensively: what is not a
 * reading is left out, so that the views can trust every point.
 */

export interface ReadingAnnotation {
  id: number | string;
  annotation_type: AnnotationType;
  annotation_reason: string;
  note: string;
  new_value: number | null;
  new_value2: number | null;
  author_name: string | null;
  created_at: string | null;
}

/** One reading: the observation's id, its time, its value (blood pressure: systolic, and the diastolic in y2). */
export interface ChartReading {
  id: number | string;
  x: string;
  y: number;
  y2: number | null;
  annotations: ReadingAnnotation[];
}

export interface TrendPoint {
  x: string;
  y: number;
  y2: number | null;
}

export interface ChartAnswer {
  unit: string;
  points: ChartReading[];
  trend_points: TrendPoint[];
  /** How many readings the request matched (the table view's total). */
  total: number;
}

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);
const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const isId = (value: unknown): value is number | string => typeof value === 'number' || (typeof value === 'string' && value !== '');

function readAnnotation(value: unknown): ReadingAnnotation | null {
  if (!isRow(value) || !isId(value.id)) return null;
  const type = value.annotation_type;
  if (type !== 'flag' && type !== 'note') return null;
  return {
    id: value.id,
    annotation_type: type,
    annotation_reason: text(value.annotation_reason) ?? '',
    note: text(value.note) ?? '',
    new_value: finite(value.new_value),
    new_value2: finite(value.new_value2),
    author_name: text(value.author_name),
    created_at: text(value.created_at),
  };
}

function readPoint(value: unknown): TrendPoint | null {
  if (!isRow(value)) return null;
  const x = text(value.x);
  const y = finite(value.y);
  if (x === null || y === null || Number.isNaN(Date.parse(x))) return null;
  return { x, y, y2: finite(value.y2) };
}

function readReading(value: unknown): ChartReading | null {
  const point = readPoint(value);
  if (!point || !isRow(value)) return null;
  const annotations = Array.isArray(value.annotations) ? value.annotations.map(readAnnotation).filter((a) => a !== null) : [];
  // A bucket of a day, week or month stands for many readings and carries no observation id.
  return { ...point, id: isId(value.id) ? value.id : point.x, annotations };
}

/** The chart as the views use it; an answer of another shape reads as no readings. */
export function readChart(answer: unknown): ChartAnswer {
  const body = isRow(answer) ? answer : {};
  const points = Array.isArray(body.points) ? body.points.map(readReading).filter((p) => p !== null) : [];
  const trend = Array.isArray(body.trend_points) ? body.trend_points.map(readPoint).filter((p) => p !== null) : [];
  const details = isRow(body.details) ? body.details : {};
  return { unit: text(body.unit) ?? '', points, trend_points: trend, total: finite(details.data_points) ?? points.length };
}
