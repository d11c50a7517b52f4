import { describe, expect, it } from 'vitest';
import {
  BASELINE_DASH,
  bandSpan,
  bandWords,
  chartData,
  chartLabel,
  limitBands,
  pointText,
  pointTime,
  SERIES_COLOURS,
  suggestedBounds,
  tickLabel,
} from '../../../../../src/console/features/clinical/charts/chartDatasets';

const T1 = '2026-06-01T12:00:00.000Z';
const T2 = '2026-06-02T12:00:00.000Z';
const ms = (iso: string) => Date.parse(iso);

const bloodPressure = {
  points: [
    { id: 1, x: T1, y: 128, y2: 84, annotations: [] },
    { id: 2, x: T2, y: 140, y2: null, annotations: [] },
  ],
  trend_points: [
    { x: T1, y: 128, y2: 84 },
    { x: T2, y: 134, y2: 84 },
  ],
};

describe('the datasets the chart draws (spec 001 section 9)', () => {
  it('draws blood pressure as systolic and diastolic lines with their baselines dashed', () => {
    const { datasets } = chartData('blood_pressure', bloodPressure, { dotsHidden: false });
    expect(datasets.map((d) => d.label)).toEqual(['Systolic', 'Diastolic', 'Systolic baseline', 'Diastolic baseline']);
    expect(datasets[0]?.data).toEqual([
      { x: ms(T1), y: 128 },
      { x: ms(T2), y: 140 },
    ]);
    // A reading without a diastolic is no point of the diastolic line.
    expect(datasets[1]?.data).toEqual([{ x: ms(T1), y: 84 }]);
    expect(datasets[2]?.data).toEqual([
      { x: ms(T1), y: 128 },
      { x: ms(T2), y: 134 },
    ]);
    expect(datasets.map((d) => d.borderDash)).toEqual([[], [], BASELINE_DASH, BASELINE_DASH]);
    expect(datasets.map((d) => d.borderColor)).toEqual([SERIES_COLOURS.value, SERIES_COLOURS.value2, SERIES_COLOURS.baseline, SERIES_COLOURS.baseline2]);
    // Readings have dots, baselines none.
    expect(datasets.map((d) => d.pointRadius)).toEqual([3, 3, 0, 0]);
  });

  it('draws another measure as one line and its baseline, and hides the dots when asked', () => {
    const points = [{ id: 1, x: T1, y: 72, y2: null, annotations: [] }];
    const { datasets } = chartData('heart_rate', { points, trend_points: [{ x: T1, y: 72, y2: null }] }, { dotsHidden: true });
    expect(datasets.map((d) => d.label)).toEqual(['Heart Rate', 'Baseline']);
    expect(datasets.map((d) => d.pointRadius)).toEqual([0, 0]);
    expect(datasets[0]?.data).toEqual([{ x: ms(T1), y: 72 }]);
  });

  it('makes bands of the patient’s monitoring limits, named as src/domain/monitoringLimits.ts names them', () => {
    const limits = [
      { parameter: 'blood_pressure', sub_parameter: 'systolic', min: 90, max: '150' },
      { parameter: 'diastolic', min: null, max: 90 },
      { parameter: 'heart_rate', min: 50, max: 110 },
      { parameter: 'body_temperature', max: 100.4 },
      { parameter: 'blood_glucose', min: '', max: null },
      { parameter: 'oxygen_saturation', sub_parameter: 'resting', min: 92 },
      'not a limit',
    ];
    expect(limitBands('blood_pressure', limits)).toEqual([
      { label: 'Systolic', min: 90, max: 150, colour: expect.any(String) as string },
      { label: 'Diastolic', min: null, max: 90, colour: expect.any(String) as string },
    ]);
    expect(limitBands('heart_rate', limits)).toEqual([{ label: 'Heart Rate', min: 50, max: 110, colour: expect.any(String) as string }]);
    expect(limitBands('body_temperature', limits)).toEqual([{ label: 'Temperature', min: null, max: 100.4, colour: expect.any(String) as string }]);
    // A limit without bounds, or of another sub-parameter, is no band.
    expect(limitBands('blood_glucose', limits)).toEqual([]);
    expect(limitBands('oxygen_saturation', limits)).toEqual([]);
    expect(limitBands('heart_rate', undefined)).toEqual([]);
  });

  it('says a band in words, and cuts it to the axis', () => {
    expect(bandWords({ label: 'Systolic', min: 90, max: 150, colour: '' }, 'mmHg')).toBe('Systolic: 90 to 150 mmHg');
    expect(bandWords({ label: 'Heart Rate', min: null, max: 110, colour: '' }, 'bpm')).toBe('Heart Rate: at most 110 bpm');
    expect(bandWords({ label: 'Oxygen Saturation', min: 92, max: null, colour: '' }, '%')).toBe('Oxygen Saturation: at least 92 %');
    expect(bandSpan({ min: 90, max: 150 }, 60, 140)).toEqual({ from: 90, to: 140 });
    expect(bandSpan({ min: null, max: 90 }, 60, 140)).toEqual({ from: 60, to: 90 });
    expect(bandSpan({ min: 150, max: 200 }, 60, 140)).toBeNull();
  });

  it('stretches the y axis over the bands’ bounds', () => {
    const data = chartData('heart_rate', { points: [{ id: 1, x: T1, y: 72, y2: null, annotations: [] }], trend_points: [] }, { dotsHidden: false });
    expect(suggestedBounds(data, [{ label: 'Heart Rate', min: 50, max: 110, colour: '' }])).toEqual({ suggestedMin: 50, suggestedMax: 110 });
    expect(suggestedBounds(data, [])).toEqual({ suggestedMin: 72, suggestedMax: 72 });
    expect(suggestedBounds({ datasets: [] }, [])).toEqual({});
  });

  it('names the canvas for a screen reader', () => {
    expect(chartLabel('blood_pressure', 42, 'all', '3')).toBe('Blood Pressure chart, 42 readings, past 3 months');
    expect(chartLabel('heart_rate', 1, 'all', 'all')).toBe('Heart Rate chart, 1 reading, all time');
    expect(chartLabel('body_mass', 12, 'week', '6')).toBe('Weight chart, 12 weekly averages, past 6 months');
  });

  it('writes times in the user’s zone and values rounded per measure', () => {
    const zone = 'America/New_York';
    expect(tickLabel(ms('2026-06-01T02:00:00Z'), 'all', zone)).toBe('May 31');
    expect(tickLabel(ms('2026-06-15T12:00:00Z'), 'month', zone)).toBe('Jun 2026');
    expect(pointTime(ms('2026-06-01T12:30:00Z'), 'all', zone)).toBe('06/01/2026, 08:30 AM');
    expect(pointTime(ms('2026-06-01T04:00:00Z'), 'day', zone)).toBe('06/01/2026');
    expect(pointTime(ms('2026-06-01T04:00:00Z'), 'week', zone)).toBe('Week of 06/01/2026');
    expect(pointTime(ms('2026-06-01T04:00:00Z'), 'month', zone)).toBe('June 2026');
    expect(pointText('body_mass', 'Weight', 182.46, 'lbs')).toBe('Weight: 182.5 lbs');
    expect(pointText('blood_pressure', 'Systolic', 127.6, 'mmHg')).toBe('Systolic: 128 mmHg');
  });
});
