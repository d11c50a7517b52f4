// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../../src/domain/roles';
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

const NOTE = {
  id: 90,
  patient_id: 30,
  tenant_id: 1,
  type: 'rpm_99457_99458',
  description: 'Reviewed readings.',
  duration: 1500,
  reviewed_on: '2026-11-20T14:30:00Z',
  practitioner_name: 'Nora Admin',
};

function serve(facts: Facts, notes: readonly object[] = []) {
  const records = fixtureRecords();
  records.patients = (records.patients ?? []).map((row) => (row.id === 30 ? { ...row, monitoring_facts: facts } : row));
  // Nora Admin is a clinician of the provider as well: the EMR note's Performed By offers her.
  records.users = (records.users ?? []).map((row) => (row.id === 200 ? { ...row, is_provider: true } : row));
  const api = fixtureApi(records);
  // Before the fixture API's handlers, which know no monitoring activities.
  server.use(
    http.get('*/api/monitoring-activities', async ({ request }) => {
      await api.record(request);
      return HttpResponse.json(notes, {
        headers: { 'Content-Range': notes.length === 0 ? 'monitoring-activities 0-0/0' : `monitoring-activities 0-${notes.length - 1}/${notes.length}` },
      });
    }),
    http.patch('*/api/monitoring-activities/:id', async ({ request }) => {
      const { body } = await api.record(request);
      return HttpResponse.json({ ...NOTE, ...(body as object) });
    }),
    http.delete('*/api/monitoring-activities/:id', async ({ request }) => {
      await api.record(request);
      return new HttpResponse(null, { status: 204 });
    }),
    ...api.handlers,
  );
  return api;
}

async function openNote(user: UserEvent, facts: Partial<Facts> = {}, role: Role = 'clinician') {
  const api = serve({ ...FACTS, ...facts });
  renderScreen('patients.show', { path: '/patients/30/show', environment: environmentFor(role) });
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

  it('offers the EMR review note to the admin roles only, asking who performed it and when in New York time', async () => {
    const user = userEvent.setup();
    const clinician = await openNote(user);
    await user.click(within(clinician.dialog).getByRole('button', { name: /Type/ }));
    expect(await screen.findByRole('option', { name: 'RPM 99457/99458' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'EMR review note' })).toBeNull();
  });

  it('sends an EMR review note with its performer, its time converted from New York, and no care time', async () => {
    const user = userEvent.setup();
    const { api, dialog } = await openNote(user, {}, 'admin');
    await chooseType(user, dialog, 'EMR review note');
    expect(within(dialog).queryByRole('spinbutton', { name: /Duration/ })).toBeNull();
    expect(within(dialog).queryByRole('radiogroup', { name: /Data reviewed/ })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: /Notes/ }), 'Reviewed the discharge summary.');
    await user.click(within(within(dialog).getByRole('radiogroup', { name: /Patient contacted/ })).getByRole('radio', { name: 'No' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Note' }));
    expect(await within(dialog).findByText('Performed by is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Performed on is required')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('combobox', { name: /Performed By/ }), 'No');
    await user.click(await screen.findByRole('option', { name: 'Nora Admin' }));
    // 9:30 in New York on 20 November (EST, UTC-5) whatever the browser's zone.
    const performedOn = within(dialog).getByLabelText(/Performed On/);
    await user.type(performedOn, '2026-11-20T09:30');
    await user.click(within(dialog).getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText('Monitoring activity created')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      {
        type: 'emr_review_note',
        practitioner_id: 200,
        reviewed_on: '2026-11-20T14:30:00.000Z',
        description: 'Reviewed the discharge summary.',
        patient_contacted: false,
        patient_id: 30,
      },
    ]);
  });

  it("fills the preset body of the type with the patient's first name and placeholders to replace", async () => {
    const user = userEvent.setup();
    const { dialog } = await openNote(user);
    expect(within(dialog).queryByRole('button', { name: 'Use Preset Note' })).toBeNull();
    await chooseType(user, dialog, 'RPM 99457/99458');
    await user.click(within(dialog).getByRole('button', { name: 'Use Preset Note' }));
    const notes = within(dialog).getByRole('textbox', { name: /Notes/ });
    expect((notes as HTMLTextAreaElement).value).toMatch(/^Reviewed Ada's remote monitoring readings for \[period\]/);
    // The type chosen stays.
    expect(within(dialog).getByRole('button', { name: /Type/ })).toHaveTextContent('RPM 99457/99458');
  });

  it('edits a note in minutes, its date for the admin roles only (New York time), and sends what changed', async () => {
    const user = userEvent.setup();
    for (const [role, dated] of [
      ['clinician', false],
      ['admin', true],
    ] as const) {
      const api = serve(FACTS, [NOTE]);
      const view = renderScreen('patients.show', { path: '/patients/30/show', environment: environmentFor(role) });
      await user.click(await screen.findByRole('tab', { name: 'Monitoring' }));
      const panel = await screen.findByRole('tabpanel', { name: 'Monitoring' });
      await user.click(await within(panel).findByRole('button', { name: 'Edit' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Note' });
      expect(within(dialog).getByRole('spinbutton', { name: /Duration/ })).toHaveValue(25);
      const date = within(dialog).queryByLabelText(/^Date/);
      expect(date !== null).toBe(dated);
      if (date) expect(date).toHaveValue('2026-11-20T09:30');
      await user.clear(within(dialog).getByRole('spinbutton', { name: /Duration/ }));
      await user.type(within(dialog).getByRole('spinbutton', { name: /Duration/ }), '30');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Monitoring activity updated')).toBeInTheDocument();
      const patch = api.requests.find((r) => r.method === 'PATCH');
      expect(patch?.path).toBe('/api/monitoring-activities/90');
      expect(patch?.body).toMatchObject({ duration: 1800 });
      // The date goes back as it was (the server refuses a changed one from a clinician).
      const sentDate = (patch?.body as { reviewed_on?: string }).reviewed_on ?? NOTE.reviewed_on;
      expect(new Date(sentDate).getTime()).toBe(new Date(NOTE.reviewed_on).getTime());
      view.unmount();
    }
  });

  it("deletes a note after asking, in the dialog's own words", async () => {
    const user = userEvent.setup();
    const api = serve(FACTS, [NOTE]);
    renderScreen('patients.show', { path: '/patients/30/show', environment: environmentFor('clinician') });
    await user.click(await screen.findByRole('tab', { name: 'Monitoring' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Monitoring' });
    await user.click(await within(panel).findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Note' });
    expect(dialog).toHaveTextContent('Delete this note? Its care time leaves the services of its month.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Monitoring activity deleted')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/monitoring-activities/90']);
  });
});
