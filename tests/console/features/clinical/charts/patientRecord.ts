import type { ApiRow } from '../../../../../src/console/renderer/core/context';

const HOUR = 3_600_000;
const NOW = Date.now();
/** Whole hours before now, the same instant wherever asked (a report and its reading share it). */
const ago = (hours: number) => new Date(NOW - hours * HOUR).toISOString();

/** A patient as `GET /patients/7` answers with profile, measure_reports and observations expanded (issue 14's contract). */
export const PATIENT: ApiRow = {
  id: 7,
  full_name: 'Ada Lovelace',
  care_plan: { monitoring_limits: [{ parameter: 'blood_pressure', sub_parameter: 'systolic', min: 90, max: 150 }] },
  measure_reports: [
    { name: 'heart_rate', category: 'vital-signs', value: 118, unit: 'bpm', baseline: 72.4, trend: 'up', updated_at: ago(2) },
    {
      name: 'blood_pressure',
      category: 'vital-signs',
      value: 128,
      value2: 84,
      unit: 'mmHg',
      baseline: 127.6,
      baseline2: 83.2,
      trend: 'flat',
      updated_at: ago(1),
    },
    { name: 'oxygen_saturation', category: 'vital-signs', value: 91, unit: '%', baseline: 96, trend: 'down', updated_at: ago(30) },
    { name: 'exacerbation_risk', category: 'prediction', value: 40, tier: 'Medium', factors: [], updated_at: ago(1) },
  ],
  observations: [
    { name: 'heart_rate', value: 118, unit: 'bpm', timestamp: ago(2), out_of_range: { range: 'high', limit: 110 } },
    { name: 'blood_pressure', value: 128, systolic: 128, diastolic: 84, unit: 'mmHg', timestamp: ago(1) },
    { name: 'oxygen_saturation', value: 91, unit: '%', timestamp: ago(30), out_of_range: { range: 'low', limit: 92 } },
  ],
};
