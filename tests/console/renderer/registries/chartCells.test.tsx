// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiRow } from '../../../../src/console/renderer/core/context';
import { screenRegistries } from '../../../../src/console/features';
import '../../helpers/dom';
import { renderPart } from '../../helpers/renderPart';

const cellRegistry = screenRegistries.cells;

function renderCell(
  name: keyof typeof cellRegistry,
  value: unknown,
  { record = {}, options = {} }: { record?: ApiRow; options?: Record<string, unknown> } = {},
) {
  const { Component } = cellRegistry[name];
  return renderPart(
    <span data-testid="cell">
      <Component value={value} record={record} options={options} />
    </span>,
  );
}
const cell = () => screen.getByTestId('cell');
const items = () =>
  within(cell())
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('the chart and monitoring cells', () => {
  it('care_time: mm:ss of time spent; an event shows a dash and says it has no care time', () => {
    const { unmount } = renderCell('care_time', 750);
    expect(cell()).toHaveTextContent(/^12:30$/);
    unmount();
    renderCell('care_time', 0);
    expect(cell()).not.toHaveTextContent('00:00');
    expect(cell()).toHaveTextContent('—No care time');
  });

  it('monitoring_activity: the type and the description; a row of no duration is an event', () => {
    const { unmount } = renderCell('monitoring_activity', 'Called the patient', { record: { type: 'ccm_99490_99439', duration: 1200 } });
    expect(cell().querySelector('[data-activity="care"]')).toHaveTextContent(/^CCM 99490\/99439Called the patient$/);
    unmount();
    const event = renderCell('monitoring_activity', 'Patient status updated from Pending to Consented', { record: { type: 'activity', duration: 0 } });
    expect(cell().querySelector('[data-activity="event"]')).toHaveTextContent(/^Event:Patient status updated from Pending to Consented$/);
    event.unmount();
    // With `date`, the day (in the user's zone: America/New_York in the fixtures) heads the row.
    renderCell('monitoring_activity', 'Left a voicemail', {
      record: { type: 'note', duration: 0, reviewed_on: '2026-03-02T03:00:00Z' },
      options: { labels: { note: 'Clinical note' }, date: 'reviewed_on' },
    });
    expect(cell()).toHaveTextContent(/^03\/01\/2026Clinical note:Left a voicemail$/);
    expect(within(cell()).getByText('03/01/2026').tagName).toBe('TIME');
  });

  it('latest_readings: each measure with its unit and when it came, in the queue order; a dash for none', () => {
    const { unmount } = renderCell('latest_readings', [
      { name: 'body_mass', value: 182.4, unit: 'lbs', timestamp: minutesAgo(5) },
      { name: 'heart_rate', value: 72, unit: 'bpm', timestamp: null },
    ]);
    expect(items()).toEqual(['HR 72 bpm', 'Weight 182 lbs, 5 minutes ago']);
    unmount();
    renderCell('latest_readings', []);
    expect(cell()).toHaveTextContent(/^—$/);
  });

  it('device_readings: each device with its last reading, or none yet; labels word a type', () => {
    renderCell(
      'device_readings',
      [
        { id: 1, device_type: 'weight_scale', last_measurement: minutesAgo(90) },
        { id: 2, device_type: 'cgm', last_measurement: null },
      ],
      { options: { labels: { cgm: 'CGM' } } },
    );
    expect(items()).toEqual(['Weight Scale, last reading about 2 hours ago', 'CGM, no reading yet']);
  });

  it('open_tasks: the count and the first tasks, overdue ones marked; None open; a dash without the expansion', () => {
    const { unmount } = renderCell('open_tasks', { count: 2, items: [{ id: 1, title: 'Call back', due_on: '2001-02-03', priority: 1 }] });
    expect(cell()).toHaveTextContent(/^2 open/);
    expect(items()).toEqual(['Call back, overdue, due 02/03/2001']);
    unmount();
    const none = renderCell('open_tasks', { count: 0, items: [] });
    expect(cell()).toHaveTextContent(/^None open$/);
    none.unmount();
    renderCell('open_tasks', undefined);
    expect(cell()).toHaveTextContent(/^—$/);
  });
});
