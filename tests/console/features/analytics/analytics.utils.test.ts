import { describe, expect, it } from 'vitest';
import {
  axisLabel,
  enrollmentChart,
  figuresOf,
  isEmptyChart,
  metricsPath,
  sliceLabels,
  unenrollmentOf,
} from '../../../../src/console/features/analytics/analytics.utils';

describe('axis labels (spec 002 section 2: day and week as month and day, month as month and year)', () => {
  it('writes a day or a week bucket as month and day, a month bucket as month and year', () => {
    expect(axisLabel('2026-03-04', 'day')).toBe('Mar 4');
    expect(axisLabel('2026-03-02', 'week')).toBe('Mar 2');
    expect(axisLabel('2026-03-01', 'month')).toBe('Mar 2026');
    // A calendar day: no zone moves it to the day before.
    expect(axisLabel('2026-01-01', 'month')).toBe('Jan 2026');
  });
});

describe('the pie’s slice labels (spec 001 section 9: hidden below 5 percent)', () => {
  it('labels slices of 5 percent and more with their percentage, and no others', () => {
    // 80, 15, 4 and 1 of 100.
    expect(sliceLabels([80, 15, 4, 1])).toEqual(['80%', '15%', null, null]);
    expect(sliceLabels([5, 95])).toEqual(['5%', '95%']);
    expect(sliceLabels([0, 0])).toEqual([null, null]);
  });
});

describe('the unenrollment card', () => {
  it('takes the last cumulative count as the total, N/A when there is none', () => {
    const answer = {
      patient_unenrollment_count: [
        { unenrolled_date: '2026-03-02', count: 1 },
        { unenrolled_date: '2026-03-09', count: 4 },
      ],
    };
    expect(unenrollmentOf(answer).total).toBe('4');
    expect(unenrollmentOf(answer).chart).toEqual({
      labels: ['2026-03-02', '2026-03-09'],
      datasets: [{ label: 'Unenrolled patients (cumulative)', data: [1, 4] }],
    });
    expect(unenrollmentOf({ patient_unenrollment_count: [] }).total).toBe('N/A');
  });
});

describe('figures and charts', () => {
  it('lists the seven figures in the spec’s order with their labels', () => {
    const figures = figuresOf('user', { open_tasks: 3, patients_under_care: 12 });
    expect(figures.map((f) => f.key)).toEqual([
      'patients_under_care',
      'patients_enrolled_this_month',
      'patients_enrolled',
      'monitoring_notes_count',
      'monitoring_minutes_sum',
      'open_tasks',
      'completed_tasks',
    ]);
    expect(figures[0]).toEqual({ key: 'patients_under_care', label: 'Patients under care', value: 12 });
    expect(figures[1]?.value).toBeNull();
    expect(figuresOf('provider', {}).map((f) => f.label)).toContain('Claims this month');
  });

  it('says a chart of zeros or of no label is empty', () => {
    expect(isEmptyChart({ labels: [], datasets: [] })).toBe(true);
    expect(isEmptyChart({ labels: ['2026-03-01'], datasets: [{ label: 'x', data: [0] }] })).toBe(true);
    expect(isEmptyChart({ labels: ['2026-03-01'], datasets: [{ label: 'x', data: [2] }] })).toBe(false);
    expect(isEmptyChart(enrollmentChart({ patient_onboarding_count: [] }, 'Enrolled'))).toBe(true);
  });

  it('builds the GET metrics path, leaving out what is not given', () => {
    expect(metricsPath('enrollment-plot', { tenant_id: 3, months: 6, freq: 'week', cumulative: undefined })).toBe(
      '/metrics?id=enrollment-plot&tenant_id=3&months=6&freq=week',
    );
  });
});
