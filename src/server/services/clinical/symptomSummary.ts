import type { Kysely } from 'kysely';
import { symptomLabel } from '../../../domain/clinical/symptoms';
import { addDays, startOfZonedDay, zonedDay } from '../../../domain/zonedDays';
import type { DB } from '../../db/schema';
import type { ClinicalPatient } from './clinicalPatient';

/** Days the symptoms grid shows (spec 001 section 2: "a symptoms grid with a Month or Week toggle"). */
const DAYS = { week: 7, month: 30 } as const;

export interface SymptomSummary {
  timeframe: keyof typeof DAYS;
  start_date: string;
  end_date: string;
  days: string[];
  symptoms: { name: string; label: string; severities: Record<string, number> }[];
}

/**
 * The symptoms grid of the clinical record (GET patients/{id}/conditions/summary): each symptom the
 * patient reported in the last 7 or 30 days (today included, in the provider's time zone), with the
 * day's highest severity (1 to 10), by label. Symptoms are observations of category 'survey'.
 */
export async function symptomSummary(db: Kysely<DB>, patient: ClinicalPatient, timeframe: keyof typeof DAYS): Promise<SymptomSummary> {
  const today = zonedDay(new Date(), patient.timeZone);
  const first = addDays(today, -(DAYS[timeframe] - 1));
  const days = Array.from({ length: DAYS[timeframe] }, (_, i) => addDays(first, i));
  const rows = await db
    .selectFrom('observations')
    .select(['name', 'timestamp', 'value'])
    .where('patient_id', '=', patient.id)
    .where('tenant_id', '=', patient.tenant_id)
    .where('category', '=', 'survey')
    .where('timestamp', '>=', startOfZonedDay(first, patient.timeZone))
    .orderBy('timestamp')
    .execute();
  const byName = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const day = zonedDay(new Date(row.timestamp), patient.timeZone);
    if (day > today) continue;
    const severities = byName.get(row.name) ?? {};
    severities[day] = Math.max(severities[day] ?? 0, row.value);
    byName.set(row.name, severities);
  }
  const symptoms = [...byName.entries()]
    .map(([name, severities]) => ({ name, label: symptomLabel(name), severities }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return { timeframe, start_date: first, end_date: today, days, symptoms };
}
