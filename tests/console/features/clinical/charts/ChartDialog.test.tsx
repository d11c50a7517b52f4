// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { zonedDay } from '../../../../../src/domain/zonedDays';
import { clinicalChartsFeature } from '../../../../../src/console/features/clinical/charts';
import { monthsBefore } from '../../../../../src/console/features/clinical/charts/chartQuery';
import '../../../helpers/dom';
import { useMswServer } from '../../../helpers/msw';
import { renderPart } from '../../../helpers/renderPart';
import { useCanvasStub } from './canvasStub';
import { bloodPressureReadings, chartApi, type Reading } from './chartApi';
import { PATIENT } from './patientRecord';

/**
 * The chart dialog of a measurement card (spec 001 sections 4, 5 and 9), through the widget: it loads
 * on demand, asks the chart of its range and timescale, names its canvas, lists the recent readings,
 * and in the table view pages the readings and annotates them. jsdom has no canvas (a stub draws
 * nothing): what the chart draws is tested in chartDatasets.test.ts.
 */
const server = useMswServer();
useCanvasStub();
const { Component: MeasurementCards } = clinicalChartsFeature.widgets.measurement_cards;

const today = () => zonedDay(new Date(), 'America/New_York');

async function openChart(user: UserEvent, readings: Reading[] = bloodPressureReadings(60)) {
  const api = chartApi(server, readings);
  const view = renderPart(<MeasurementCards options={{}} />, { record: PATIENT });
  await user.click(screen.getByRole('button', { name: /Blood Pressure/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Blood Pressure' });
  return { api, dialog, view };
}

async function openTable(user: UserEvent, readings?: Reading[]) {
  const opened = await openChart(user, readings);
  await user.click(within(opened.dialog).getByRole('button', { name: 'Table' }));
  const table = await within(opened.dialog).findByRole('table', { name: 'Blood Pressure readings' });
  return { ...opened, table };
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the chart dialog', () => {
  it('asks the past 3 months of every reading, names the canvas, and says the limits in words', async () => {
    const user = userEvent.setup();
    const { api, dialog } = await openChart(user);
    expect(await within(dialog).findByRole('img', { name: 'Blood Pressure chart, 60 readings, past 3 months' })).toBeInTheDocument();
    expect(api.last()).toEqual({ timescale: 'all', start_date: monthsBefore(today(), 3), end_date: today(), order: 'asc', limit: '5000' });
    expect(dialog).toHaveTextContent('Shaded: monitoring limits (Systolic: 90 to 150 mmHg).');
    expect(within(dialog).getByRole('combobox', { name: 'Range' })).toHaveValue('3');
    expect(within(dialog).getByRole('button', { name: 'Chart' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('lists the readings of the past 7 days in the recent panel, newest first, at most 10', async () => {
    const user = userEvent.setup();
    const readings = bloodPressureReadings(60);
    readings[0]!.annotations.push({
      id: 50,
      annotation_type: 'note',
      annotation_reason: 'context_info',
      note: 'After a run',
      new_value: null,
      new_value2: null,
      author_id: 100,
      author_name: 'Nora Admin',
      created_at: readings[0]!.x,
    });
    const { dialog } = await openChart(user, readings);
    const recent = await within(dialog).findByRole('table', { name: 'Recent readings' });
    const rows = bodyRows(recent);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('120/80 mmHg');
    expect(within(rows[0]!).getByText('Note: Context Info')).toHaveAttribute('title', 'After a run');
    expect(rows[1]).toHaveTextContent('121/81 mmHg');
  });

  it('asks again for another range and timescale', async () => {
    const user = userEvent.setup();
    const { api, dialog } = await openChart(user);
    await within(dialog).findByRole('img');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Range' }), 'Past 12 months');
    await waitFor(() => expect(api.last()).toMatchObject({ timescale: 'all', start_date: monthsBefore(today(), 12) }));
    // Weekly averages, and every reading still for the recent panel.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Timescale' }), 'Week');
    await waitFor(() => expect(api.all()).toContainEqual(expect.objectContaining({ timescale: 'week', start_date: monthsBefore(today(), 12) })));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Range' }), 'All');
    await waitFor(() => expect(api.all()).toContainEqual(expect.objectContaining({ timescale: 'week', start_date: '1970-01-01', end_date: today() })));
    expect(api.all()).toContainEqual(expect.objectContaining({ timescale: 'all', start_date: '1970-01-01' }));
    expect(await within(dialog).findByRole('img', { name: 'Blood Pressure chart, 60 weekly averages, all time' })).toBeInTheDocument();
  });

  it("says 'No data available' for a range without readings, and closes", async () => {
    const user = userEvent.setup();
    const { dialog } = await openChart(user, []);
    expect(await within(dialog).findByText('No data available')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img')).toBeNull();
    expect(within(dialog).getByText('No readings in the past 7 days')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: /Blood Pressure/ })).toHaveFocus());
  });

  it('pages the table view by 50, newest first, with flagged readings unless hidden', async () => {
    const user = userEvent.setup();
    const { api, dialog, table } = await openTable(user);
    expect(api.last()).toEqual({
      timescale: 'all',
      start_date: monthsBefore(today(), 3),
      end_date: today(),
      order: 'desc',
      limit: '50',
      skip: '0',
      disable_flagged_filter: 'true',
    });
    expect(bodyRows(table)).toHaveLength(50);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'Value', 'Annotation', 'Action']);
    const pages = within(dialog).getByRole('navigation', { name: 'Table pages' });
    expect(pages).toHaveTextContent('Page 1 of 2 (60 readings)');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(bodyRows(within(dialog).getByRole('table', { name: 'Blood Pressure readings' }))).toHaveLength(10));
    expect(api.last()).toMatchObject({ skip: '50', limit: '50' });
    expect(pages).toHaveTextContent('Page 2 of 2');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Hide flagged readings' }));
    await waitFor(() => expect(api.last()).toMatchObject({ skip: '0', disable_flagged_filter: 'false' }));
    // The table shows every reading: no timescale to choose.
    expect(within(dialog).queryByRole('combobox', { name: 'Timescale' })).toBeNull();
  });

  it('annotates a reading: type, reason and note required, a flag’s new value sent, then toast and refresh', async () => {
    const user = userEvent.setup();
    const { api, dialog, table } = await openTable(user);
    const [first] = bodyRows(table);
    await user.click(within(first!).getByRole('button', { name: /^Annotate reading of/ }));
    const form = await screen.findByRole('dialog', { name: 'Annotate reading' });
    expect(form).toHaveTextContent('Blood Pressure 120/80 mmHg');

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getAllByText('Required')).toHaveLength(3);
    expect(within(form).getByRole('textbox', { name: /Note/ })).toHaveAccessibleDescription('Required');
    expect(api.posted).toEqual([]);

    await user.click(within(form).getByRole('radio', { name: 'Flag' }));
    expect(
      within(within(form).getByRole('combobox', { name: /Reason/ }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a reason', 'Outlier', 'Device Issue', 'Other']);
    await user.selectOptions(within(form).getByRole('combobox', { name: /Reason/ }), 'Device Issue');
    await user.type(within(form).getByRole('textbox', { name: /Note/ }), 'Cuff was loose');
    await user.type(within(form).getByRole('spinbutton', { name: /New systolic/ }), '118');
    await user.type(within(form).getByRole('spinbutton', { name: /New diastolic/ }), '78');
    const asked = api.asked.length;
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Annotation saved')).toBeInTheDocument();
    expect(api.posted).toEqual([
      { observation_id: 1000, annotation_type: 'flag', annotation_reason: 'device_issue', note: 'Cuff was loose', new_value: 118, new_value2: 78 },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Annotate reading' })).toBeNull());
    // The table is asked again and shows the annotation, which may now be removed.
    await waitFor(() => expect(api.asked.length).toBeGreaterThan(asked));
    const row = bodyRows(within(dialog).getByRole('table', { name: 'Blood Pressure readings' }))[0]!;
    await waitFor(() => expect(row).toHaveTextContent('Flag: Device Issue'));
    expect(row).toHaveTextContent('Cuff was loose');
    expect(row).toHaveTextContent('New value: 118/78');
    expect(row).toHaveTextContent('By Test internal_admin');
    expect(within(row).getByRole('button', { name: /^Remove annotation of/ })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Annotate/ })).toBeNull();
  });

  it('offers a note’s reasons and no new value, and shows the server’s refusal in the form', async () => {
    const user = userEvent.setup();
    const { api, table } = await openTable(user);
    api.refuseWith(409, { detail: 'This reading already has an annotation' });
    await user.click(within(bodyRows(table)[1]!).getByRole('button', { name: /^Annotate reading of/ }));
    const form = await screen.findByRole('dialog', { name: 'Annotate reading' });
    await user.click(within(form).getByRole('radio', { name: 'Note' }));
    expect(
      within(within(form).getByRole('combobox', { name: /Reason/ }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a reason', 'Clinical Note', 'Context Info', 'Other']);
    expect(within(form).queryByRole('spinbutton')).toBeNull();
    await user.selectOptions(within(form).getByRole('combobox', { name: /Reason/ }), 'Clinical Note');
    await user.type(within(form).getByRole('textbox', { name: /Note/ }), 'Taken after coffee');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This reading already has an annotation');
    expect(api.posted).toEqual([{ observation_id: 1001, annotation_type: 'note', annotation_reason: 'clinical_note', note: 'Taken after coffee' }]);
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Annotate reading' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Blood Pressure' })).toBeInTheDocument();
  });

  it('removes an annotation', async () => {
    const user = userEvent.setup();
    const readings = bloodPressureReadings(3);
    readings[1]!.annotations.push({
      id: 77,
      annotation_type: 'flag',
      annotation_reason: 'outlier',
      note: 'Implausible',
      new_value: null,
      new_value2: null,
      author_id: 100,
      author_name: 'Nora Admin',
      created_at: readings[1]!.x,
    });
    const { api, dialog, table } = await openTable(user, readings);
    const flagged = bodyRows(table)[1]!;
    expect(flagged).toHaveTextContent('Flag: Outlier');
    await user.click(within(flagged).getByRole('button', { name: /^Remove annotation of/ }));
    expect(await screen.findByText('Annotation removed')).toBeInTheDocument();
    expect(api.deleted).toEqual(['77']);
    await waitFor(() =>
      expect(
        within(bodyRows(within(dialog).getByRole('table', { name: 'Blood Pressure readings' }))[1]!).getByRole('button', { name: /^Annotate/ }),
      ).toBeInTheDocument(),
    );
  });
});
