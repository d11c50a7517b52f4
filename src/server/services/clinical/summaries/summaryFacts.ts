import { sql, type Kysely } from 'kysely';
import { movingBaseline, trendOf } from '../../../../domain/clinical/baseline';
import { isChartMeasure } from '../../../../domain/clinical/measures';
import { ENTERED_IN_ERROR } from '../../../../domain/clinical/recordValues';
import type { SummaryFacts } from '../../../../domain/clinical/summary';
import { applicableLimits, monitoringLimitsOf, readingOutOfRange } from '../../../../domain/monitoringLimits';
import { addDays, endOfZonedDay, startOfZonedDay, zonedDay } from '../../../../domain/zonedDays';
import type { DB } from '../../../db/schema';
import type { ClinicalPatient } from '../clinicalPatient';
import { countedReadings } from '../countedReadings';

/** A gap between readings this many days long or longer is named (spec 001: "device gaps"). */
const GAP_DAYS = 3;
const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const dayDiff = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The facts of a patient's period that a summary may say (src/domain/clinical/summary.ts
 * SummaryFacts), read for the patient's own provider: readings per measure (flagged ones out, a
 * flag's new value in) with the 7-day baseline at the latest, days out of the monitoring limits,
 * monitoring notes and their minutes, tasks due in the period, assessments not entered in error,
 * symptoms, and the gaps of 3 days or more without a reading. Days are the provider's.
 */
export async function summaryFacts(db: Kysely<DB>, patient: ClinicalPatient, startDay: string, endDay: string): Promise<SummaryFacts> {
  const zone = patient.timeZone;
  const start = startOfZonedDay(startDay, zone);
  const end = endOfZonedDay(endDay, zone);
  const mine = { patient: patient.id, tenant: patient.tenant_id };
  const [readings, symptoms, notes, tasks, runs] = await Promise.all([
    countedReadings(db, [mine.patient])
      .where('o.timestamp', '>=', new Date(start.getTime() - 7 * 86_400_000))
      .where('o.timestamp', '<=', end)
      .orderBy('o.timestamp')
      .execute(),
    db
      .selectFrom('observations')
      .where('patient_id', '=', mine.patient)
      .where('tenant_id', '=', mine.tenant)
      .where('category', '=', 'survey')
      .where('timestamp', '>=', start)
      .where('timestamp', '<=', end)
      .select(['name', 'timestamp', 'value'])
      .execute(),
    db
      .selectFrom('monitoring_activities')
      .where('patient_id', '=', mine.patient)
      .where('tenant_id', '=', mine.tenant)
      .where('reviewed_on', '>=', start)
      .where('reviewed_on', '<=', end)
      .select([(eb) => eb.fn.countAll<string>().as('count'), (eb) => eb.fn.coalesce(eb.fn.sum<string>('duration'), sql<string>`0`).as('seconds')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('tasks')
      .where('patient_id', '=', mine.patient)
      .where('tenant_id', '=', mine.tenant)
      .where('due_on', '>=', startDay)
      .where('due_on', '<=', endDay)
      .select(['complete'])
      .execute(),
    db
      .selectFrom('assessment_runs')
      .where('patient_id', '=', mine.patient)
      .where('tenant_id', '=', mine.tenant)
      .where('status', '<>', ENTERED_IN_ERROR)
      .where('created_at', '>=', start)
      .where('created_at', '<=', end)
      .select(['name', 'created_at', sql<string | null>`result->>'triage'`.as('triage')])
      .orderBy('created_at')
      .execute(),
  ]);

  const limits = applicableLimits(monitoringLimitsOf(patient.care_plan), monitoringLimitsOf(patient.providerSettings));
  const inPeriod = readings.filter((r) => new Date(r.timestamp) >= start);
  const readingDays = [...new Set(inPeriod.map((r) => zonedDay(new Date(r.timestamp), zone)))].sort();
  const outDays = new Set(
    inPeriod
      .filter((r) => readingOutOfRange({ name: r.name, value: r.y, systolic: r.y, diastolic: r.y2 }, limits))
      .map((r) => zonedDay(new Date(r.timestamp), zone)),
  );
  const measures = [...new Set(inPeriod.map((r) => r.name))].filter(isChartMeasure).sort();
  const summaryReadings = measures.map((measure) => {
    const all = readings.filter((r) => r.name === measure);
    const period = inPeriod.filter((r) => r.name === measure);
    const values = period.map((r) => r.y);
    const seconds = period.map((r) => r.y2).filter((v): v is number => typeof v === 'number');
    const last = period.at(-1)!;
    const baseline = movingBaseline(all.map((r) => ({ x: new Date(r.timestamp).toISOString(), y: r.y }))).at(-1)?.y ?? null;
    return {
      measure,
      count: period.length,
      mean: mean(values),
      min: Math.min(...values),
      max: Math.max(...values),
      latest: last.y,
      latest2: last.y2,
      mean2: seconds.length ? mean(seconds) : null,
      baseline,
      trend: trendOf(last.y, baseline),
    };
  });
  // Gaps: from the period's start (or a reading day) to the next reading day (or the period's end).
  const bounds = [addDays(startDay, -1), ...readingDays, addDays(endDay, 1)];
  const deviceGaps = bounds.slice(1).flatMap((day, i) => {
    const from = addDays(bounds[i] as string, 1);
    const to = addDays(day, -1);
    const days = dayDiff(from, to) + 1;
    return days >= GAP_DAYS ? [{ from, to, days }] : [];
  });
  const symptomNames = [...new Set(symptoms.map((s) => s.name))].sort();
  return {
    period: { start: startDay, end: endDay },
    timeZone: zone,
    readings: summaryReadings,
    outOfRangeDays: outDays.size,
    daysWithReadings: readingDays.length,
    notes: { count: Number(notes.count), minutes: Math.round(Number(notes.seconds) / 60) },
    tasks: { open: tasks.filter((t) => !t.complete).length, completed: tasks.filter((t) => t.complete).length },
    assessments: runs.map((r) => ({ name: r.name, created_at: new Date(r.created_at).toISOString(), triage: r.triage ?? '' })),
    deviceGaps,
    symptoms: symptomNames.map((name) => {
      const of = symptoms.filter((s) => s.name === name);
      return { name, maxSeverity: Math.max(...of.map((s) => s.value)), days: new Set(of.map((s) => zonedDay(new Date(s.timestamp), zone))).size };
    }),
  };
}
