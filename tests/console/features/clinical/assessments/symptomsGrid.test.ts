import { describe, expect, it } from 'vitest';
import {
  BAND_LEGEND,
  cellWords,
  DEFAULT_TIMEFRAME,
  gridDay,
  symptomGrid,
  TIMEFRAMES,
} from '../../../../../src/console/features/clinical/assessments/symptomsGrid';

const days = ['2026-06-01', '2026-06-02', '2026-06-03'];

describe('the symptoms grid (spec 001 sections 2 and 9)', () => {
  it('offers Month and Week, Week first shown', () => {
    expect(TIMEFRAMES).toEqual(['month', 'week']);
    expect(DEFAULT_TIMEFRAME).toBe('week');
  });

  it('has a row per symptom reported in the period and a cell per day, banded at most 0, 1, 4 and 10', () => {
    const grid = symptomGrid({
      timeframe: 'week',
      days,
      symptoms: [
        { name: 'cough', label: 'Cough', severities: { '2026-06-01': 1, '2026-06-02': 4, '2026-06-03': 5 } },
        { name: 'fatigue', label: 'Fatigue', severities: {} },
        { name: 'chest_pain', severities: { '2026-06-02': 10, '2026-06-03': 0 } },
      ],
    });
    expect(grid.days.map((day) => day.short)).toEqual(['Jun 1', 'Jun 2', 'Jun 3']);
    expect(grid.rows.map((row) => row.label)).toEqual(['Cough', 'Chest Pain']);
    expect(grid.rows[0]?.cells.map((cell) => [cell.severity, cell.band])).toEqual([
      [1, 'mild'],
      [4, 'moderate'],
      [5, 'severe'],
    ]);
    expect(grid.rows[1]?.cells.map((cell) => [cell.severity, cell.band])).toEqual([
      [null, 'none'],
      [10, 'severe'],
      [0, 'none'],
    ]);
  });

  it('is empty when nothing was reported', () => {
    expect(symptomGrid({ days, symptoms: [{ name: 'cough', severities: { '2026-06-01': 0 } }] }).rows).toEqual([]);
    expect(symptomGrid({ days, symptoms: [] }).rows).toEqual([]);
    expect(symptomGrid(undefined)).toEqual({ days: [], rows: [] });
  });

  it('names a day in full for a screen reader, and a cell by its number and band', () => {
    expect(gridDay('2026-06-03')).toEqual({ date: '2026-06-03', short: 'Jun 3', long: 'Wednesday, June 3, 2026' });
    expect(cellWords({ date: '2026-06-03', severity: 3, band: 'moderate' })).toBe('3, Moderate');
    expect(cellWords({ date: '2026-06-03', severity: null, band: 'none' })).toBe('None');
  });

  it('words the legend as the spec’s bands', () => {
    expect(BAND_LEGEND.map((entry) => entry.label)).toEqual(['None', 'Mild (1)', 'Moderate (2–4)', 'Severe (5–10)']);
  });
});
