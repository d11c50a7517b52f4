// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { clinicalActivitiesFeature } from '../../../../src/console/features/clinicalActivities';
import { ACTIVITY_TEXTS, type ActivityAvailability } from '../../../../src/domain/clinicalActivities';
import '../../helpers/dom';
import { environmentFor } from '../../helpers/environments';
import { patients } from '../../helpers/fixtures';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';
import { TEMPLATE } from './activityFixtures';

const server = useMswServer();
const Widget = clinicalActivitiesFeature.widgets.available_activities.Component;
const PATIENT = patients[0]!;
const CLINICIAN = environmentFor('internal_clinician', { featureFlags: { clinical_activities: true } });

const entry = (id: number, title: string, fields: Partial<ActivityAvailability> = {}): ActivityAvailability => ({
  activity_template: {
    id,
    activity_template_family_id: id,
    version_number: 1,
    activity_title: title,
    activity_description: `${title}, described`,
    estimated_duration: 10,
  },
  patient_id: PATIENT.id,
  is_recommended: false,
  is_eligible: true,
  priority_score: 0,
  pending_clinical_activity_instance_id: null,
  last_completed_at: null,
  warning_message: null,
  reason: null,
  disabled: false,
  ...fields,
});

/** The server's answer, by title as it sorts them. */
const OFFERED = [
  entry(3, 'Asthma control check-in', { disabled: true, reason: 'Not available for your clinician type' }),
  entry(7, 'COPD weekly check-in', { is_recommended: true, priority_score: 80, last_completed_at: '2026-05-20T15:10:00Z', warning_message: 'Has open tasks' }),
  entry(9, 'Diabetes monthly review', { is_eligible: false, reason: 'Limit of 1 per month reached; available again on 2026-06-20' }),
  entry(12, 'Heart failure weekly check-in', { pending_clinical_activity_instance_id: 88 }),
];

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

function api({ offered = OFFERED, failList = false }: { offered?: ActivityAvailability[]; failList?: boolean } = {}) {
  const asked: URLSearchParams[] = [];
  const sent: Sent[] = [];
  const note = async (request: Request) => {
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    sent.push({ method: request.method, path: new URL(request.url).pathname, body: text ? (JSON.parse(text) as unknown) : null });
  };
  const run = (id: number, data_json: object = {}) => ({
    id,
    patient_id: PATIENT.id,
    activity_template_id: 7,
    title: 'COPD weekly check-in',
    status: 'draft',
    data_json,
    created_at: '2026-06-01T10:00:00Z',
  });
  server.use(
    http.get('*/api/clinical-activities/available', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      if (failList) return HttpResponse.json({ detail: 'Internal server error' }, { status: 500 });
      return HttpResponse.json(offered, {
        headers: { 'Content-Range': `clinical-activities/available 0-${String(offered.length - 1)}/${String(offered.length)}` },
      });
    }),
    http.post('*/api/clinical-activity-instances', async ({ request }) => {
      await note(request);
      return HttpResponse.json(run(90), { status: 201 });
    }),
    http.get('*/api/clinical-activity-instances/88', () =>
      HttpResponse.json({
        ...run(88, { symptoms: { time_taken: 120, answers: { short_of_breath: true, breath_details: 'On the stairs' } } }),
        activity_template_id: 7,
      }),
    ),
    http.get('*/api/activity-templates/7', () => HttpResponse.json(TEMPLATE)),
    http.put('*/api/clinical-activity-instances/:id', async ({ request }) => {
      await note(request);
      return HttpResponse.json(run(90));
    }),
    http.post('*/api/clinical-activity-instances/:id/complete', async ({ request }) => {
      await note(request);
      return HttpResponse.json({ ...run(90), status: 'pending_review' });
    }),
    http.delete('*/api/clinical-activity-instances/:id', async ({ request }) => {
      await note(request);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { asked, sent };
}

const renderTab = (environment = CLINICIAN) => renderPart(<Widget options={{}} />, { record: PATIENT, environment });
const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li')!;

describe("the patient panel's Activity tab (spec 001 section 2)", () => {
  it('lists the recommended activities first with a badge, then the rest by title, each with its facts, warning and reason', async () => {
    const { asked } = api();
    renderTab();
    await screen.findByRole('heading', { name: 'COPD weekly check-in' });
    expect(JSON.parse(asked[0]?.get('meta') ?? '{}')).toEqual({ patient_ids: [PATIENT.id] });
    expect(asked[0]?.get('limit')).toBe('25');
    const titles = screen.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['COPD weekly check-in', 'Asthma control check-in', 'Diabetes monthly review', 'Heart failure weekly check-in']);

    const copd = within(card('COPD weekly check-in'));
    expect(copd.getByText('Recommended')).toBeInTheDocument();
    expect(copd.getByText('About 10 min · Last completed 05/20/2026')).toBeInTheDocument();
    expect(copd.getByText('Has open tasks')).toBeInTheDocument();
    expect(within(card('Asthma control check-in')).queryByText('Recommended')).toBeNull();

    // A disabled activity is greyed with its reason, and its Start says why it is refused.
    const asthma = within(card('Asthma control check-in'));
    expect(asthma.getByText('Not available for your clinician type', { selector: 'p' })).toBeInTheDocument();
    expect(asthma.getByRole('button', { name: 'Start Asthma control check-in' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(card('Diabetes monthly review')).getByRole('button', { name: 'Start Diabetes monthly review' })).toHaveAccessibleDescription(
      'Limit of 1 per month reached; available again on 2026-06-20',
    );
    expect(within(card('Heart failure weekly check-in')).getByRole('button', { name: 'Resume Heart failure weekly check-in' })).toBeEnabled();
  });

  it("says 'No activities available' for none and 'Error loading activities' when the list fails", async () => {
    api({ offered: [] });
    const view = renderTab();
    expect(await screen.findByText(ACTIVITY_TEXTS.noneAvailable)).toBeInTheDocument();
    view.unmount();
    api({ failList: true });
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent(ACTIVITY_TEXTS.loadError);
  });

  it('offers no Start without clinical_activities.create', async () => {
    api();
    renderTab(environmentFor('internal_clinician', { featureFlags: { clinical_activities: true }, permissions: { 'clinical_activities.list': 'all' } }));
    await screen.findByRole('heading', { name: 'COPD weekly check-in' });
    expect(screen.queryByRole('button', { name: /^(Start|Resume) / })).toBeNull();
  });

  it('starts a run (POST, then the template), runs it in the dialog and completes it: the toast, the dialog closed', async () => {
    const user = userEvent.setup();
    const { sent } = api();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Start COPD weekly check-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'COPD weekly check-in' });
    expect(sent[0]).toEqual({ method: 'POST', path: '/api/clinical-activity-instances', body: { patient_id: PATIENT.id, activity_template_id: 7 } });
    const run = within(dialog);
    // The run opens on its first step, the keyboard at its heading.
    await waitFor(() => expect(run.getByRole('heading', { level: 3 })).toHaveFocus());
    expect(run.getByRole('heading', { level: 3 })).toHaveTextContent('Breathing this week');
    await user.click(within(run.getByRole('group', { name: /^Short of breath this week\?/ })).getByRole('radio', { name: 'No' }));
    await user.click(run.getByRole('button', { name: 'Next' }));
    await user.clear(run.getByRole('spinbutton', { name: 'Minutes' }));
    await user.type(run.getByRole('spinbutton', { name: 'Minutes' }), '6');
    await user.click(run.getByRole('button', { name: 'Review' }));
    await user.click(run.getByRole('checkbox', { name: /verify/ }));
    await user.click(run.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(ACTIVITY_TEXTS.completed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = sent.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('/api/clinical-activity-instances/90');
    const complete = sent.find((request) => request.path.endsWith('/complete'));
    expect(complete?.path).toBe('/api/clinical-activity-instances/90/complete');
    expect(complete?.body).toMatchObject({
      data_json: { symptoms: { answers: { short_of_breath: false, inhaler: 'none' } }, medication: { time_taken: 360 } },
    });
  });

  it('resumes a pending run with its saved answers, and Cancel deletes it once confirmed', async () => {
    const user = userEvent.setup();
    const { sent } = api();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Resume Heart failure weekly check-in' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Heart failure weekly check-in' }));
    // Its first step was saved complete: the run goes on from the second, the first kept as it was.
    expect(await dialog.findByRole('heading', { level: 3 })).toHaveTextContent('Medication review');
    await user.click(dialog.getByRole('button', { name: 'Back' }));
    expect(dialog.getByRole('textbox', { name: 'When does it happen?' })).toHaveValue('On the stairs');
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Discard this activity?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(sent.find((request) => request.method === 'DELETE')?.path).toBe('/api/clinical-activity-instances/88'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
