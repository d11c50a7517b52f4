import type { Kysely } from 'kysely';
import type { ChartQuery } from '../../../../schemas/payloads/clinicalRecord';
import { bucketPoints, movingBaseline, type ChartPoint } from '../../../domain/clinical/baseline';
import { isChartMeasure, MEASURE_INFO } from '../../../domain/clinical/measures';
import { addDays, endOfZonedDay, startOfZonedDay, zonedDay } from '../../../domain/zonedDays';
import type { DB } from '../../db/schema';
import { invalid, notFound } from '../../errors';
import type { ClinicalPatient } from './clinicalPatient';

/** Spec 001 section 9 "Charts": the default range is the past 3 months. */
const DEFAULT_RANGE_MONTHS = 3;
/** Readings read for one chart at most: the range's, and the week before it that the first baselines average. */
const READ_AT_MOST = 20_000;

export interface ChartAnnotation {
  id: number;
  annotation_type: string;
  annotation_reason: string;
  note: string;
  new_value: number | null;
  new_value2: number | null;
  author_id: number | null;
  author_name: string | null;
  created_at: string;
}

export interface ChartAnswer {
  chart_name: string;
  unit: string;
  points: { id: number | null; x: string; y: number; y2: number | null; count?: number; annotations: ChartAnnotation[] }[];
  trend_points: ChartPoint[];
  details: { data_range: { start: string; end: string }; data_points: number };
}

const monthsBefore = (day: string, months: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1 - months, d));
  return date.toISOString().slice(0, 10);
};

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

/**
 * One measure's chart of a patient (spec 001 sections 7 and 9 "Charts"; README.md of
 * routes/clinicalRecord): the readings of the range (start of its first day to the end of its last,
 * in the provider's time zone) with their annotations, and the 7-day moving-average baseline over
 * them. A reading flagged without a new value is left out of both unless `disable_flagged_filter`
 * (the table view, which lists every reading as recorded); a flag with a new value charts the new
 * value. `timescale` day, week or month charts each bucket's mean instead of the readings. `order`,
 * `skip` and `limit` (at most 5,000) page the points; the baseline is computed before paging, over
 * the week before the range too, so a page's first baselines are whole.
 */
export async function readChart(db: Kysely<DB>, patient: ClinicalPatient, measure: string, query: ChartQuery): Promise<ChartAnswer> {
  if (!isChartMeasure(measure)) throw notFound();
  const zone = patient.timeZone;
  const endDay = query.end_date ?? zonedDay(new Date(), zone);
  const startDay = query.start_date ?? monthsBefore(endDay, DEFAULT_RANGE_MONTHS);
  if (startDay > endDay) throw invalid(['query', 'start_date'], 'The start date cannot be after the end date');
  const start = startOfZonedDay(startDay, zone);
  const end = endOfZonedDay(endDay, zone);
  const readFrom = startOfZonedDay(addDays(startDay, -7), zone);

  const rows = await db
    .selectFrom('observations as o')
    .leftJoin('observation_annotations as a', 'a.observation_id', 'o.id')
    .select([
      'o.id',
      'o.timestamp',
      'o.value',
      'o.value2',
      'o.unit_text',
      'a.id as annotation_id',
      'a.annotation_type',
      'a.annotation_reason',
      'a.note',
      'a.new_value',
      'a.new_value2',
      'a.author_id',
      'a.author_name',
      'a.created_at as annotated_at',
    ])
    .where('o.patient_id', '=', patient.id)
    .where('o.tenant_id', '=', patient.tenant_id)
    .where('o.name', '=', measure)
    .where('o.timestamp', '>=', readFrom)
    .where('o.timestamp', '<=', end)
    .orderBy('o.timestamp')
    .orderBy('o.id')
    .limit(READ_AT_MOST)
    .execute();

  const showFlagged = query.disable_flagged_filter === true;
  const all = rows.flatMap((row) => {
    const annotation: ChartAnnotation | null =
      row.annotation_id === null
        ? null
        : {
            id: Number(row.annotation_id),
            annotation_type: row.annotation_type as string,
            annotation_reason: row.annotation_reason as string,
            note: row.note as string,
            new_value: row.new_value,
            new_value2: row.new_value2,
            author_id: row.author_id,
            author_name: row.author_name,
            created_at: iso(row.annotated_at),
          };
    const flagged = annotation?.annotation_type === 'flag';
    const replaced = flagged && annotation.new_value !== null;
    if (flagged && !replaced && !showFlagged) return [];
    const useNew = replaced && !showFlagged;
    return [
      {
        id: Number(row.id),
        x: iso(row.timestamp),
        y: useNew ? (annotation.new_value as number) : row.value,
        y2: useNew ? annotation.new_value2 : row.value2,
        annotations: annotation ? [annotation] : [],
        // Flagged readings shown as recorded (the table view) stay out of the baseline all the same,
        // and a flag's new value is what the baseline counts in either view.
        inBaseline: !flagged || replaced,
        counted: replaced ? { y: annotation.new_value as number, y2: annotation.new_value2 } : { y: row.value, y2: row.value2 },
      },
    ];
  });
  const baseline = movingBaseline(all.filter((p) => p.inBaseline).map(({ x, counted: { y, y2 } }) => (y2 === null ? { x, y } : { x, y, y2 })));
  const inRange = (x: string) => x >= start.toISOString() && x <= end.toISOString();
  const charted = all.filter((p) => inRange(p.x)).map(({ inBaseline: _, counted: __, ...point }) => point);
  const trend = baseline.filter((p) => inRange(p.x));

  const timescale = query.timescale ?? 'all';
  const series: ChartAnswer['points'] =
    timescale === 'all'
      ? charted
      : bucketPoints(
          charted.map((p) => ({ x: p.x, y: p.y, y2: p.y2 })),
          timescale,
          zone,
        ).map((b) => ({ id: null, x: b.x, y: b.y, y2: b.y2 ?? null, count: b.count, annotations: [] }));
  const ordered = (query.order ?? 'asc').toLowerCase() === 'desc' ? [...series].reverse() : series;
  const skip = query.skip ?? 0;
  const limit = query.limit ?? 5000;
  return {
    chart_name: measure,
    // The unit readings were stored in (a scale may weigh in kg), else the measure's usual one.
    unit: rows.at(-1)?.unit_text ?? MEASURE_INFO[measure].unit,
    points: ordered.slice(skip, skip + limit),
    trend_points: trend.map((p) => ({ x: p.x, y: p.y, y2: p.y2 ?? null })),
    details: { data_range: { start: start.toISOString(), end: end.toISOString() }, data_points: series.length },
  };
}
