import { sql, type Kysely } from 'kysely';
import type { MeasureReport } from '../../../../schemas/entities/patientChart';
import { movingBaseline, trendOf } from '../../../domain/clinical/baseline';
import { isChartMeasure, type ChartMeasure } from '../../../domain/clinical/measures';
import { exacerbationRisk } from '../../../domain/clinical/scores';
import { ENTERED_IN_ERROR } from '../../../domain/clinical/recordValues';
import { applicableLimits, monitoringLimitsOf, readingOutOfRange } from '../../../domain/monitoringLimits';
import { zonedDay } from '../../../domain/zonedDays';
import type { DB } from '../../db/schema';
import { scopeOf } from '../../../domain/permissions';
import type { Caller } from '../../resources/caller';
import type { Values } from '../../resources/defineResource';
import { countedReadings } from './countedReadings';

const DAY_MS = 86_400_000;

interface Reading {
  patient_id: number;
  name: string;
  timestamp: Date;
  y: number;
  y2: number | null;
  unit_text: string | null;
}

/**
 * `meta={"expand": ["measure_reports"]}` on patients (spec 001 section 3): for each measure a patient
 * has, the latest reading that counts and its 7-day moving-average baseline with the trend (within 1 %:
 * flat); and the exacerbation-risk score (src/domain/clinical/scores.ts, a documented rule, not a
 * trained model) over the past 7 days: each measure's latest against its baseline, the days with a
 * reading out of the monitoring limits, the worst severity of each symptom, the latest assessment's
 * triage, and the days since the last reading. Read for the records' own provider only, and only
 * for a caller who may read the clinical record (`patients.queue`); for others it is left out.
 */
export async function expandMeasureReports(db: Kysely<DB>, records: Values[], caller: Caller): Promise<void> {
  const ids = records.map((r) => r.id).filter((id): id is number => typeof id === 'number');
  if (ids.length === 0 || !scopeOf(caller.identity.role, 'patients.queue')) return;
  const now = new Date();
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const latest = db
    .selectFrom(countedReadings(db, ids).as('c'))
    .distinctOn(['c.patient_id', 'c.name'])
    .select(['c.patient_id', 'c.name', 'c.timestamp'])
    .orderBy('c.patient_id')
    .orderBy('c.name')
    .orderBy('c.timestamp', 'desc');
  const [windows, symptoms, runs, zones] = await Promise.all([
    // Each measure's readings of the 7 days up to its latest: the latest, its baseline.
    db
      .selectFrom(countedReadings(db, ids).as('r'))
      .innerJoin(latest.as('l'), (join) => join.onRef('l.patient_id', '=', 'r.patient_id').onRef('l.name', '=', 'r.name'))
      .where(sql<boolean>`r.timestamp > l.timestamp - interval '7 days'`)
      .selectAll('r')
      .orderBy('r.timestamp')
      .execute() as Promise<Reading[]>,
    db
      .selectFrom('observations')
      .select(['patient_id', 'name', (eb) => eb.fn.max('value').as('severity')])
      .where('patient_id', 'in', ids)
      .where('category', '=', 'survey')
      .where('timestamp', '>=', weekAgo)
      .groupBy(['patient_id', 'name'])
      .execute(),
    db
      .selectFrom('assessment_runs')
      .distinctOn('patient_id')
      .select(['patient_id', sql<string | null>`result->>'triage'`.as('triage')])
      .where('patient_id', 'in', ids)
      .where('status', '<>', ENTERED_IN_ERROR)
      .where('created_at', '>=', weekAgo)
      .orderBy('patient_id')
      .orderBy('created_at', 'desc')
      .execute(),
    db
      .selectFrom('patients as p')
      .innerJoin('tenants as tn', 'tn.id', 'p.tenant_id')
      .select(['p.id', 'tn.timezone', 'tn.settings'])
      .where('p.id', 'in', ids)
      .execute(),
  ]);

  for (const record of records) {
    const id = record.id as number;
    const zone = zones.find((z) => z.id === id);
    const limits = applicableLimits(monitoringLimitsOf(record.care_plan), monitoringLimitsOf(zone?.settings));
    const mine = windows.filter((r) => r.patient_id === id);
    const names = [...new Set(mine.map((r) => r.name))].filter(isChartMeasure).sort();
    const reports: MeasureReport[] = [];
    const deviations: { measure: ChartMeasure; latest: number; baseline: number }[] = [];
    let lastReading: Date | null = null;
    for (const name of names) {
      const series = mine.filter((r) => r.name === name);
      const last = series.at(-1);
      if (!last) continue;
      const trend = movingBaseline(series.map((r) => ({ x: new Date(r.timestamp).toISOString(), y: r.y, y2: r.y2 }))).at(-1);
      const baseline = trend?.y ?? null;
      reports.push({
        name,
        category: 'vital-signs',
        value: last.y,
        value2: last.y2,
        unit: last.unit_text,
        baseline,
        baseline2: trend?.y2 ?? null,
        trend: trendOf(last.y, baseline),
        updated_at: new Date(last.timestamp).toISOString(),
      });
      if (baseline !== null) deviations.push({ measure: name, latest: last.y, baseline });
      if (!lastReading || new Date(last.timestamp) > lastReading) lastReading = new Date(last.timestamp);
    }
    // Days of the past 7 (in the provider's zone) with a reading out of the limits.
    const timeZone = zone?.timezone ?? 'UTC';
    const outDays = new Set(
      mine
        .filter((r) => new Date(r.timestamp) >= weekAgo)
        .filter((r) => readingOutOfRange({ name: r.name, value: r.y, systolic: r.y, diastolic: r.y2 }, limits))
        .map((r) => zonedDay(new Date(r.timestamp), timeZone)),
    );
    const risk = exacerbationRisk({
      deviations,
      outOfRangeDays: outDays.size,
      symptoms: symptoms.filter((s) => s.patient_id === id).map((s) => ({ name: s.name, severity: Number(s.severity) })),
      latestTriage: runs.find((r) => r.patient_id === id)?.triage ?? null,
      daysSinceLastReading: lastReading ? Math.floor((now.getTime() - lastReading.getTime()) / DAY_MS) : null,
    });
    reports.push({
      name: 'exacerbation_risk',
      category: 'prediction',
      value: risk.score,
      tier: risk.tier.label,
      factors: risk.factors,
      updated_at: now.toISOString(),
    });
    record.measure_reports = reports;
  }
}
