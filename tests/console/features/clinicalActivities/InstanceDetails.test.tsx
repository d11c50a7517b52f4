// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { clinicalActivitiesFeature } from '../../../../src/console/features/clinicalActivities';
import { ACTIVITY_TEXTS } from '../../../../src/domain/clinicalActivities';
import '../../helpers/dom';
import { environmentFor, INTERNAL_ADMIN } from '../../helpers/environments';
import { clinicalActivityInstances } from '../../helpers/fixtures';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';
import { TEMPLATE } from './activityFixtures';

const server = useMswServer();
const DetailsCell = clinicalActivitiesFeature.cells.clinical_activity_details.Component;
const PENDING = clinicalActivityInstances.find((run) => run.status === 'pending_review')!;
const COMPLETE = clinicalActivityInstances.find((run) => run.status === 'complete')!;

/** The run as GET {id} answers it: with the template version it ran and its answers (7 min 10 s and 12 min 30 s). */
const read = (row: Record<string, unknown>) => ({
  ...row,
  activity_template: TEMPLATE,
  data_json: {
    symptoms: {
      time_taken: 430,
      answers: { short_of_breath: true, breath_details: 'Climbing stairs', inhaler: 'daily' },
      additional_notes: 'Wants a call back',
    },
    medication: { time_taken: 750, answers: { meds_reviewed: true, peak_flow: 310 } },
  },
});

function api({ fail = false }: { fail?: boolean } = {}) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const answer = async (request: Request) => {
    const text = request.method === 'DELETE' ? '' : await request.text();
    sent.push({ method: request.method, path: new URL(request.url).pathname, body: text ? (JSON.parse(text) as unknown) : null });
    return fail ? HttpResponse.json({ detail: 'The run is not pending review' }, { status: 409 }) : HttpResponse.json({ id: PENDING.id });
  };
  server.use(
    http.get('*/api/clinical-activity-instances/:id', ({ params }) => HttpResponse.json(read(Number(params.id) === PENDING.id ? PENDING : COMPLETE))),
    http.post('*/api/clinical-activity-instances/:id/approve', ({ request }) => answer(request)),
    http.post('*/api/clinical-activity-instances/:id/reject', ({ request }) => answer(request)),
    http.delete('*/api/clinical-activity-instances/:id', ({ request }) => answer(request)),
  );
  return { sent };
}

async function open(row: Record<string, unknown>, environment = INTERNAL_ADMIN) {
  const user = userEvent.setup();
  renderPart(<DetailsCell value={row.id} record={row} options={{ label: 'Details' }} />, { environment });
  await user.click(screen.getByRole('button', { name: /^Details: COPD weekly check-in, / }));
  const dialog = await screen.findByRole('dialog', { name: 'COPD weekly check-in' });
  await within(dialog).findByRole('heading', { name: '1. Breathing this week' });
  return { user, dialog: within(dialog) };
}

describe("a run's details dialog (spec 002 sections 2, 5 and 6)", () => {
  it('shows who, when and the answers step by step in words', async () => {
    api();
    const { dialog } = await open(PENDING);
    expect(dialog.getByText('Patient').nextElementSibling).toHaveTextContent('Ada Byron');
    expect(dialog.getByText('Status').nextElementSibling).toHaveTextContent('Pending Review');
    expect(dialog.getByText('Practitioner').nextElementSibling).toHaveTextContent('Sam Staff');
    expect(dialog.getByText('Duration').nextElementSibling).toHaveTextContent('19 min 40 s');
    expect(dialog.getByText('Answered').nextElementSibling).toHaveTextContent('5 of 5 answered, 100%');
    expect(dialog.getByText('When does it happen?').nextElementSibling).toHaveTextContent('Climbing stairs');
    expect(dialog.getByText('Rescue inhaler use').nextElementSibling).toHaveTextContent('Daily');
    expect(dialog.getByText('Peak flow').nextElementSibling).toHaveTextContent('310 L/min');
    expect(dialog.getByText('Medication list reviewed').nextElementSibling).toHaveTextContent('Done');
    expect(dialog.getByText('Additional notes').nextElementSibling).toHaveTextContent('Wants a call back');
  });

  it('approves with each step’s time in minutes (the time taken, rounded, to start with), sent in seconds', async () => {
    const { sent } = api();
    const { user, dialog } = await open(PENDING);
    const symptoms = dialog.getAllByRole('spinbutton', { name: 'Approved time (minutes)' });
    expect(symptoms.map((box) => (box as HTMLInputElement).value)).toEqual(['7', '13']);
    await user.clear(symptoms[1]!);
    await user.type(symptoms[1]!, '12');
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: `/api/clinical-activity-instances/${String(PENDING.id)}/approve`,
      body: { time_overrides: { symptoms: 420, medication: 720 } },
    });
    expect(await screen.findByText('Activity approved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses an emptied time, and words a refused approval and a refused delete as the spec does', async () => {
    const { sent } = api({ fail: true });
    const { user, dialog } = await open(PENDING);
    const [first] = dialog.getAllByRole('spinbutton', { name: 'Approved time (minutes)' });
    await user.clear(first!);
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(first).toHaveAccessibleDescription('Must be 0 or more minutes');
    expect(sent).toHaveLength(0);
    await user.type(first!, '0');
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(ACTIVITY_TEXTS.submitFailed)).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({ time_overrides: { symptoms: 0, medication: 780 } });

    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete this activity?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(ACTIVITY_TEXTS.deleteError)).toBeInTheDocument();
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/clinical-activity-instances/${String(PENDING.id)}` });
  });

  it('rejects with an optional reason', async () => {
    const { sent } = api();
    const { user, dialog } = await open(PENDING);
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    const confirm = within(screen.getByRole('alertdialog', { name: 'Reject this activity?' }));
    await user.type(confirm.getByRole('textbox', { name: 'Reason (optional)' }), 'Not done with the patient');
    await user.click(confirm.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: `/api/clinical-activity-instances/${String(PENDING.id)}/reject`,
      body: { reason: 'Not done with the patient' },
    });
    expect(await screen.findByText('Activity rejected')).toBeInTheDocument();
  });

  it('is read only for a clinician', async () => {
    api();
    const clinician = await open(PENDING, environmentFor('internal_clinician'));
    expect(clinician.dialog.queryByRole('spinbutton')).toBeNull();
    expect(clinician.dialog.queryByRole('button', { name: /^(Approve|Reject|Delete)$/ })).toBeNull();
    await clinician.user.click(clinician.dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('for a completed run an admin may only delete it', async () => {
    api();
    const { dialog } = await open(COMPLETE);
    expect(dialog.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(dialog.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
