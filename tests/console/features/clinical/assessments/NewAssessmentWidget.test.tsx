// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { clinicalAssessmentsFeature } from '../../../../../src/console/features/clinical/assessments';
import type { ApiRow } from '../../../../../src/console/renderer/core/context';
import '../../../helpers/dom';
import { environmentFor } from '../../../helpers/environments';
import { useMswServer } from '../../../helpers/msw';
import { renderPart } from '../../../helpers/renderPart';

const server = useMswServer();
const NewAssessment = clinicalAssessmentsFeature.widgets.new_assessment.Component;

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** An asthma patient as the clinical route reads it (profile, measure_reports and observations expanded). */
const patient = (over: Record<string, unknown> = {}): ApiRow => ({
  id: 7,
  primary_condition: 'Asthma',
  observations: [{ name: 'peak_expiratory_flow_rate', value: 410, unit: 'L/min', timestamp: hoursAgo(30) }],
  profile: { missing_profile: [] },
  measure_reports: [],
  ...over,
});

/** The asthma control check, every item answered (none a red flag). */
const ASTHMA_ANSWERS = { symptom_days: 1, night_waking: 0, rescue_inhaler: 1, activity_limits: 0, oral_steroids: false, emergency_signs: false };

function assessmentsApi(answer: () => Response = () => HttpResponse.json({ id: 99, status: 'final' }, { status: 201 })) {
  const sent: unknown[] = [];
  server.use(
    http.post('*/api/patients/7/assessments', async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
    // What the success refreshes.
    http.get('*/api/patients/7/runs/summary', () => HttpResponse.json({ total_runs_past_week: 1, total_runs_past_month: 1, triage_counts: { LOW: 1 } })),
  );
  return sent;
}

const dialog = () => screen.getByRole('dialog', { name: 'New Assessment' });

async function openAndChoose(user: UserEvent, title: string) {
  await user.click(screen.getByRole('button', { name: 'New Assessment' }));
  await user.click(within(dialog()).getByRole('radio', { name: new RegExp(title) }));
  await user.click(within(dialog()).getByRole('button', { name: 'Next' }));
}

/** Answers the asthma control check's items by their options' labels. */
async function answerAsthma(user: UserEvent) {
  const item = (text: RegExp) => within(dialog()).getByRole('group', { name: text });
  await user.click(within(item(/how often have you had asthma symptoms/)).getByRole('radio', { name: 'More than 2 days a week, but not every day' }));
  await user.click(within(item(/woken you at night/)).getByRole('radio', { name: '2 times a month or less' }));
  await user.click(within(item(/rescue\) inhaler/)).getByRole('radio', { name: 'More than 2 days a week' }));
  await user.click(within(item(/normal activities/)).getByRole('radio', { name: 'Not at all' }));
  await user.click(within(item(/oral steroids/)).getByRole('radio', { name: 'No' }));
  await user.click(within(item(/too short of breath to speak/)).getByRole('radio', { name: 'No' }));
}

describe('New Assessment (spec 001 section 4)', () => {
  it('offers the patient’s questionnaires, checks the prerequisites, and submits the answers', async () => {
    const sent = assessmentsApi();
    const user = userEvent.setup();
    const { queryClient } = renderPart(<NewAssessment options={{}} />, { record: patient() });
    const stale = [
      ['runs', 'list', { page: 1 }],
      ['patients/7/runs', 'list', {}],
      ['patients', 'one', '7', {}],
    ];
    const kept = ['devices', 'list', {}];
    for (const key of [...stale, kept]) queryClient.setQueryData(key, []);
    await user.click(screen.getByRole('button', { name: 'New Assessment' }));
    const choices = within(dialog())
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.querySelector('.font-medium')?.textContent);
    expect(choices).toEqual(['Asthma Control Check', 'Mood and Anxiety Screen (PHQ-4)', 'General Health Check']);
    expect(within(dialog()).getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(dialog()).getByRole('radio', { name: /Asthma Control Check/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Next' }));

    expect(within(dialog()).getByRole('heading', { name: 'Prerequisites of Asthma Control Check' })).toHaveFocus();
    const checks = within(dialog()).getByRole('list', { name: 'Prerequisites' });
    expect(checks).toHaveTextContent(/Met: Peak Flow: recorded/);
    await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));

    await answerAsthma(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Assessment successfully submitted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ workflow_name: 'asthma-control', questionnaire_response: { answers: ASTHMA_ANSWERS } }]);
    // The runs list and summary and the patient's read are read again; nothing else.
    await waitFor(() => expect(stale.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([true, true, true]));
    expect(queryClient.getQueryState(kept)?.isInvalidated).toBe(false);
  });

  it('lets the user Skip missing prerequisites', async () => {
    assessmentsApi();
    const user = userEvent.setup();
    renderPart(<NewAssessment options={{}} />, {
      record: patient({ observations: [{ name: 'peak_expiratory_flow_rate', value: 410, timestamp: hoursAgo(24 * 9) }] }),
    });
    await openAndChoose(user, 'Asthma Control Check');
    expect(within(dialog()).getByRole('list', { name: 'Prerequisites' })).toHaveTextContent('Missing: Peak Flow: no reading in the past 7 days');
    const proceed = within(dialog()).getByRole('button', { name: 'Continue' });
    expect(proceed).toHaveAttribute('aria-disabled', 'true');
    await user.click(proceed);
    expect(within(dialog()).getByRole('list', { name: 'Prerequisites' })).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Skip' }));
    expect(within(dialog()).getByRole('form', { name: 'Asthma Control Check' })).toBeInTheDocument();
  });

  it('says what is missing under each field, and sends nothing', async () => {
    const sent = assessmentsApi();
    const user = userEvent.setup();
    renderPart(<NewAssessment options={{}} />, { record: patient() });
    await openAndChoose(user, 'PHQ-4');
    const form = within(dialog()).getByRole('form', { name: /PHQ-4/ });
    const first = within(form).getAllByRole('group')[0] as HTMLElement;
    await user.click(within(first).getAllByRole('radio')[1] as HTMLElement);
    await user.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    const groups = within(form).getAllByRole('group');
    expect(groups).toHaveLength(4);
    expect(groups[0]).not.toHaveAccessibleDescription();
    for (const group of groups.slice(1)) expect(group).toHaveAccessibleDescription('Required');
    // The focus goes to the first field that needs an answer.
    expect(within(groups[1] as HTMLElement).getAllByRole('radio')[0]).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('shows a 404 on an error card: Workflow not found for patient.', async () => {
    assessmentsApi(() => HttpResponse.json({ detail: 'Workflow not found for patient.' }, { status: 404 }));
    const user = userEvent.setup();
    renderPart(<NewAssessment options={{}} />, { record: patient() });
    await openAndChoose(user, 'Asthma Control Check');
    await user.click(within(dialog()).getByRole('button', { name: 'Skip' }));
    await answerAsthma(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    const card = await within(dialog()).findByRole('alert');
    expect(within(card).getByRole('heading', { name: 'An error has occurred!' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Workflow not found for patient.');
    // The answers cannot be sent any more: Close does not ask.
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('puts a 422’s messages under the fields it names', async () => {
    assessmentsApi(() =>
      HttpResponse.json(
        { detail: [{ loc: ['body', 'questionnaire_response', 'answers', 'night_waking'], msg: 'Input should be one of 0, 1, 2', type: 'enum' }] },
        { status: 422 },
      ),
    );
    const user = userEvent.setup();
    renderPart(<NewAssessment options={{}} />, { record: patient() });
    await openAndChoose(user, 'Asthma Control Check');
    await user.click(within(dialog()).getByRole('button', { name: 'Continue' }));
    await answerAsthma(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    const refused = await within(dialog()).findByRole('group', { name: /woken you at night/ });
    await waitFor(() => expect(refused).toHaveAccessibleDescription('Input should be one of 0, 1, 2'));
    expect(within(refused).getAllByRole('radio')[0]).toHaveFocus();
    expect(within(dialog()).getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('asks before leaving once an answer was given: Stay keeps it, Leave closes', async () => {
    const user = userEvent.setup();
    renderPart(<NewAssessment options={{}} />, { record: patient() });
    // No answer yet: Cancel closes at once.
    await openAndChoose(user, 'PHQ-4');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await openAndChoose(user, 'PHQ-4');
    const first = within(dialog()).getAllByRole('group')[0] as HTMLElement;
    const answer = within(first).getAllByRole('radio')[2] as HTMLElement;
    await user.click(answer);
    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave this assessment?' });
    expect(confirm).toHaveTextContent('Your answers will be lost.');
    await user.click(within(confirm).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(answer).toBeChecked();

    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Opened again, it starts over.
    await user.click(screen.getByRole('button', { name: 'New Assessment' }));
    expect(
      within(dialog())
        .getAllByRole('radio')
        .filter((radio) => (radio as HTMLInputElement).checked),
    ).toEqual([]);
  });

  it('is not offered to a user who may not write to the record', () => {
    const reader = environmentFor('clinician');
    const { 'patients.update': _update, ...permissions } = reader.permissions;
    renderPart(<NewAssessment options={{ label: 'Assess' }} />, { record: patient(), environment: { ...reader, permissions } });
    expect(screen.queryByRole('button', { name: 'Assess' })).not.toBeInTheDocument();
  });
});
