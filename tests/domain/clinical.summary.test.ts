import { describe, expect, it } from 'vitest';
import { SUMMARY_FOOTER, writeSummary, type SummaryFacts } from '../../src/domain/clinical/summary';

const empty: SummaryFacts = {
  period: { start: '2026-03-01', end: '2026-03-31' },
  readings: [],
  outOfRangeDays: 0,
  daysWithReadings: 0,
  notes: { count: 0, minutes: 0 },
  tasks: { open: 0, completed: 0 },
  assessments: [],
  deviceGaps: [],
  symptoms: [],
};

const month: SummaryFacts = {
  ...empty,
  readings: [
    { measure: 'body_mass', count: 28, mean: 182.44, min: 180.04, max: 186.96, latest: 186.2, baseline: 183.1, trend: 'up' },
    {
      measure: 'blood_pressure',
      count: 30,
      mean: 128.4,
      mean2: 81.6,
      min: 112,
      max: 146.5,
      latest: 131,
      latest2: 84,
      baseline: 130.2,
      trend: 'flat',
    },
    { measure: 'oxygen_saturation', count: 1, mean: 93.6, min: 93.6, max: 93.6, latest: 93.6, baseline: null, trend: null },
    { measure: 'forced_expiratory_volume_1', count: 12, mean: 2.04, min: 1.72, max: 2.31, latest: 1.8, baseline: 2.1, trend: 'down' },
  ],
  outOfRangeDays: 3,
  daysWithReadings: 29,
  notes: { count: 4, minutes: 35 },
  tasks: { open: 2, completed: 5 },
  assessments: [
    { name: 'Heart Failure Daily Self-Check', created_at: '2026-03-20T15:00:00Z', triage: 'DOC_24H' },
    { name: 'Mood and Anxiety Screen (PHQ-4)', created_at: '2026-03-04T02:30:00Z', triage: 'LOW' },
  ],
  deviceGaps: [
    { from: '2026-03-10', to: '2026-03-14', days: 4 },
    { from: '2026-03-02', to: '2026-03-03', days: 1 },
  ],
  symptoms: [
    { name: 'cough', maxSeverity: 2, days: 1 },
    { name: 'shortness_of_breath', maxSeverity: 7, days: 3 },
    { name: 'fatigue', maxSeverity: 0, days: 0 },
  ],
  timeZone: 'America/New_York',
};

describe('the built-in summariser', () => {
  it('writes the period’s facts as short paragraphs, readings rounded as the record shows them', () => {
    expect(writeSummary(month)).toBe(
      [
        'Summary of 2026-03-01 to 2026-03-31.',
        [
          'Readings were recorded on 29 days of the period.',
          'Blood Pressure: 30 readings, mean 128/82 mmHg (systolic range 112–147), latest 131/84 mmHg, stable against its 7-day baseline of 130 mmHg.',
          'Oxygen Saturation: 1 reading, 94 %.',
          'Weight: 28 readings, mean 182.4 lbs (range 180.0–187.0), latest 186.2 lbs, rising against its 7-day baseline of 183.1 lbs.',
          'FEV1: 12 readings, mean 2.0 L (range 1.7–2.3), latest 1.8 L, falling against its 7-day baseline of 2.1 L.',
          'Readings were out of range on 3 days.',
        ].join('\n'),
        'Care time: 4 monitoring notes totalling 35 minutes.\nTasks: 2 open, 5 completed.',
        'Assessments: Mood and Anxiety Screen (PHQ-4) on 2026-03-03 (triage Low); Heart Failure Daily Self-Check on 2026-03-20 (triage Contact Physician).',
        'Device gap: no readings from 2026-03-10 to 2026-03-14 (4 days).',
        'Symptoms reported: Shortness of Breath on 3 days (worst 7 of 10, severe); Cough on 1 day (worst 2 of 10, moderate).',
        SUMMARY_FOOTER,
      ].join('\n\n'),
    );
  });

  it('says so when the period has no readings, and ends with how it was written', () => {
    const text = writeSummary(empty);
    expect(text).toBe(
      [
        'Summary of 2026-03-01 to 2026-03-31.',
        'No readings were recorded in this period.',
        'No monitoring notes were recorded.\nNo tasks were open or completed.',
        'No assessments were run.',
        'No symptoms were reported.',
        "Written by the built-in summariser from the period's recorded data; no language model was used.",
      ].join('\n\n'),
    );
  });

  it('counts a measure with no readings as none', () => {
    const text = writeSummary({ ...empty, readings: [{ measure: 'heart_rate', count: 0, mean: 0, min: 0, max: 0, latest: 0, baseline: null, trend: null }] });
    expect(text).toContain('No readings were recorded in this period.');
    expect(text).not.toContain('Heart Rate');
  });

  it('writes the same text for the same facts, whatever their order', () => {
    const shuffled: SummaryFacts = {
      ...month,
      readings: [...month.readings].reverse(),
      assessments: [...month.assessments].reverse(),
      deviceGaps: [...month.deviceGaps].reverse(),
      symptoms: [...month.symptoms].reverse(),
    };
    expect(writeSummary(shuffled)).toBe(writeSummary(month));
    expect(writeSummary(month)).toBe(writeSummary(structuredClone(month)));
  });

  it('writes instants as days of the zone given, UTC otherwise', () => {
    const { timeZone: _zone, ...utc } = month;
    expect(writeSummary(utc)).toContain('Mood and Anxiety Screen (PHQ-4) on 2026-03-04 (triage Low)');
    expect(writeSummary({ ...month, deviceGaps: [{ from: '2026-03-10T03:00:00Z', to: '2026-03-14T12:00:00Z', days: 4 }] })).toContain(
      'no readings from 2026-03-09 to 2026-03-14 (4 days)',
    );
  });

  it('mentions no gap shorter than 3 days, and says there were none', () => {
    const text = writeSummary({ ...month, deviceGaps: [{ from: '2026-03-02', to: '2026-03-04', days: 2 }] });
    expect(text).toContain('No gaps of 3 days or more between readings.');
    expect(text).not.toContain('2026-03-02 to');
  });

  it('writes one of each in the singular', () => {
    const text = writeSummary({
      ...month,
      daysWithReadings: 1,
      outOfRangeDays: 0,
      notes: { count: 1, minutes: 1 },
      assessments: [{ name: 'Asthma Control Check', created_at: '2026-03-05', triage: 'ER_NOW' }],
    });
    expect(text).toContain('Readings were recorded on 1 day of the period.');
    expect(text).toContain('No reading was out of range.');
    expect(text).toContain('Care time: 1 monitoring note totalling 1 minute.');
    expect(text).toContain('Assessment: Asthma Control Check on 2026-03-05 (triage ER).');
  });
});
