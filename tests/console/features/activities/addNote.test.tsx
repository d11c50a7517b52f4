// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import '../../helpers/dom';
import { environmentFor } from '../../helpers/environments';
import { fixtureApi } from '../../helpers/fixtureApi';
import { fixtureRecords } from '../../helpers/fixtures';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';

/** The patient panel's Add Note (spec 001 sections 5, 7 and 8): the monitoring note form and its warnings. */
const server = useMswServer();

type Facts = { devices: number; last_measurement: string | null; stale_measurements: boolean; billable: boolean; incompatible: Record<string, string[]> };

const FACTS: Facts = { devices: 1, last_measurement: '2026-05-01T10:00:00Z', stale_measurements: false, billable: true, incompatible: {} };

function serve(facts: Facts) {
  const records = fixtureRecords();
  records.patients = (records.patients ?? []).map((row) => (row.id === 30 ? { ...row, monitoring_facts: facts } : row));
  const api = fixtureApi(records);
  server.use(
    ...api.handlers,
    http.get('*/api/monitoring-activities', async ({ request }) => {
      await api.record(request);
      return HttpResponse.json([], { headers: { 'Content-Range': 'monitoring-activities 0-0/0' } });
    }),
  );
  return api;
}

async function openNote(user: UserEvent, facts: Partial<Facts> = {}) {
  const api = serve({ ...FACTS, ...facts });
  renderScreen('patients.show', { path: '/patients/30/show', environment: environmentFor('clinician') });
  await user.click(await screen.findByRole('tab', { name: 'Monitoring' }));
  const panel = await screen.findByRole('tabpanel', { name: 'Monitoring' });
  await user.click(await within(panel).findByRole('button', { name: 'Add Note' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Note' });
  return { api, dialog };
}

const noticesOf = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('status', { name: 'Notices' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

async function chooseType(user: UserEvent, dialog: HTMLElement, label: string) {
  await user.click(within(dialog).getByRole('button', { name: /Type/ }));
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('Add Note', () => {
  it('asks for the patient read with the monitoring facts', async () => {
    const user = userEvent.setup();
    const { api } = await openNote(user);
    const read = api.requests.find((r) => r.path === '/api/patients/30');
    expect(JSON.parse(read?.query.get('meta') ?? '{}')).toEqual({ expand: expect.arrayContaining(['monitoring_facts']) as unknown });
  });

  it('warns from the facts and the chosen type, with the tone in words', async () => {
    const user = userEvent.setup();
    const { dialog } = await openNote(user, { devices: 0, last_measurement: null, billable: true, incompatible: { rpm_99457_99458: ['rpm_99091'] } });
    // The type starts as a note: nothing is billed.
    expect(noticesOf(dialog)).toEqual(['Warning: No Device Assigned', 'Note: Note only mode']);
    expect(within(dialog).getByText('No Device Assigned')).toBeInTheDocument();

    await chooseType(user, dialog, 'RPM 99457/99458');
    expect(noticesOf(dialog)).toEqual(['Warning: No Device Assigned', 'Alert: Potential incompatible work']);
    await chooseType(user, dialog, 'CCM 99490/99439');
    expect(noticesOf(dialog)).toEqual(['Warning: No Device Assigned']);
  });

  it('warns of a device without measurements and of a patient with nothing to bill', async () => {
    const user = userEvent.setup();
    const first = await openNote(user, { devices: 2, last_measurement: null, billable: false });
    await chooseType(user, first.dialog, 'CCM 99490/99439');
    expect(noticesOf(first.dialog)).toEqual(['Warning: No Device Measurements', 'Note: Note only mode']);
  });

  it("requires the stale confirmation for an rpm note ('You must confirm'), the notes ('Notes are required.') and yes/no answers, and sends minutes as seconds", async () => {
    const user = userEvent.setup();
    const { api, dialog } = await openNote(user, { stale_measurements: true });
    expect(noticesOf(dialog)).toEqual(['Warning: Stale Device Measurements', 'Note: Note only mode']);
    // A note is no rpm work: no confirmation is asked.
    expect(within(dialog).queryByRole('checkbox')).toBeNull();

    await chooseType(user, dialog, 'RPM 99457/99458');
    const confirm = await within(dialog).findByRole('checkbox', { name: /stale/ });
    await user.click(within(dialog).getByRole('button', { name: 'Add Note' }));
    expect(await within(dialog).findByText('Notes are required.')).toBeInTheDocument();
    expect(within(dialog).getByText('You must confirm')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Required')).toHaveLength(2);

    await user.type(within(dialog).getByRole('textbox', { name: /Notes/ }), 'Reviewed the week of readings with the patient.');
    const minutes = within(dialog).getByRole('spinbutton', { name: /Duration/ });
    await user.type(minutes, '2.5');
    await user.click(within(within(dialog).getByRole('radiogroup', { name: /Data reviewed/ })).getByRole('radio', { name: 'Yes' }));
    await user.click(within(within(dialog).getByRole('radiogroup', { name: /Patient contacted/ })).getByRole('radio', { name: 'No' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Note' }));
    expect(await within(dialog).findByText('Duration must be a whole number of minutes from 0 to 600')).toBeInTheDocument();
    expect(within(dialog).getByText('You must confirm')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.clear(minutes);
    await user.type(minutes, '20');
    await user.click(confirm);
    const lists = () => api.requests.filter((r) => r.method === 'GET' && r.path === '/api/monitoring-activities').length;
    const listed = lists();
    await user.click(within(dialog).getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText('Monitoring activity created')).toBeInTheDocument();
    // The history is asked again, and the stored draft is gone: the form opens empty.
    await waitFor(() => expect(lists()).toBeGreaterThan(listed));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Note' })).toBeNull());
    await user.click(within(await screen.findByRole('tabpanel', { name: 'Monitoring' })).getByRole('button', { name: 'Add Note' }));
    const again = await screen.findByRole('dialog', { name: 'Add Note' });
    expect(within(again).getByRole('textbox', { name: /Notes/ })).toHaveValue('');
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/api/monitoring-activities',
        body: {
          type: 'rpm_99457_99458',
          description: 'Reviewed the week of readings with the patient.',
          duration: 1200,
          data_reviewed: true,
          patient_contacted: false,
          stale_measurements: true,
          patient_id: 30,
        },
      }),
    ]);
  });
});
