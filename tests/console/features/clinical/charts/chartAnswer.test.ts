import { describe, expect, it } from 'vitest';
import { readChart } from '../../../../../src/console/features/clinical/charts/chartAnswer';

describe('reading the chart answer', () => {
  it('keeps readings with their annotations, the baseline and the total', () => {
    const chart = readChart({
      chart_name: 'blood_pressure',
      unit: 'mmHg',
      points: [
        {
          id: 11,
          x: '2026-06-01T12:00:00Z',
          y: 128,
          y2: 84,
          annotations: [
            {
              id: 5,
              annotation_type: 'flag',
              annotation_reason: 'outlier',
              note: 'Cuff slipped',
              new_value: 122,
              new_value2: 80,
              author_id: 3,
              author_name: 'Nora Admin',
              created_at: '2026-06-02T09:00:00Z',
            },
          ],
        },
        { id: 12, x: '2026-06-02T12:00:00Z', y: 131, y2: null, annotations: [] },
      ],
      trend_points: [{ x: '2026-06-01T12:00:00Z', y: 128, y2: 84 }],
      details: { data_range: { start: '2026-03-17', end: '2026-06-17' }, data_points: 140 },
    });
    expect(chart.unit).toBe('mmHg');
    expect(chart.total).toBe(140);
    expect(chart.points).toEqual([
      {
        id: 11,
        x: '2026-06-01T12:00:00Z',
        y: 128,
        y2: 84,
        annotations: [
          {
            id: 5,
            annotation_type: 'flag',
            annotation_reason: 'outlier',
            note: 'Cuff slipped',
            new_value: 122,
            new_value2: 80,
            author_name: 'Nora Admin',
            created_at: '2026-06-02T09:00:00Z',
          },
        ],
      },
      { id: 12, x: '2026-06-02T12:00:00Z', y: 131, y2: null, annotations: [] },
    ]);
    expect(chart.trend_points).toEqual([{ x: '2026-06-01T12:00:00Z', y: 128, y2: 84 }]);
  });

  it('leaves out what is not a reading or an annotation, and reads any other answer as none', () => {
    const chart = readChart({
      points: [
        { id: 1, x: 'not a time', y: 3 },
        { id: 2, x: '2026-06-01T12:00:00Z', y: '80' },
        { x: '2026-06-01T00:00:00Z', y: 80, annotations: [{ id: 9, annotation_type: 'comment' }, null] },
      ],
    });
    // A bucket of a timescale has no observation id: its time stands for it.
    expect(chart.points).toEqual([{ id: '2026-06-01T00:00:00Z', x: '2026-06-01T00:00:00Z', y: 80, y2: null, annotations: [] }]);
    expect(chart.total).toBe(1);
    expect(readChart(null)).toEqual({ unit: '', points: [], trend_points: [], total: 0 });
    expect(readChart(['x'])).toEqual({ unit: '', points: [], trend_points: [], total: 0 });
  });
});
