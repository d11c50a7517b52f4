// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ACTIVITY_CONFIG, STEP_PICKER_PAGE_SIZE, TRIGGER_CUES_PAGE_SIZE } from '../../../../src/domain/clinicalActivities';
import '../../helpers/dom';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';
import { PUBLISHED_ACTIVITY, templateApi } from './templateFixtures';

const server = useMswServer();

function openActivity(path: string, failures?: Parameters<typeof templateApi>[0]) {
  const api = templateApi(failures);
  server.use(...api.handlers);
  return { ...api, ...renderScreen('clinical-activities.activity', { path }) };
}

const form = () => screen.findByRole('form', { name: 'Activity template' });
const calls = (sent: { method: string; path: string }[]) => sent.map(({ method, path }) => `${method} ${path}`);

async function addStep(user: UserEvent, label: RegExp) {
  const picker = screen.getByRole('combobox', { name: 'Step template' });
  await within(picker).findByRole('option', { name: label });
  await user.selectOptions(picker, within(picker).getByRole('option', { name: label }));
  await user.click(screen.getByRole('button', { name: 'Add step' }));
}

describe('the activity template editor: a new template (/clinical-activities/activity/create)', () => {
  it('shows the care programs with rtm and cccm disabled, and says that no clinician type means all', async () => {
    const user = userEvent.setup();
    const { asked } = openActivity('/clinical-activities/activity/create');
    await form();
    expect(screen.getByText('None selected: every clinician type may run it')).toBeVisible();
    expect(
      screen.getAllByRole('checkbox', {
        name: /^(Supervisor|Onboarding Staff|Support Staff|Medical Assistant|Registered Nurse|Qualified Healthcare Professional)$/,
      }),
    ).toHaveLength(6);
    expect(screen.queryByRole('group', { name: 'Care program types' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Recommendation enabled' }));
    const programs = screen.getByRole('group', { name: 'Care program types' });
    for (const name of ['RTM', 'CCCM']) {
      expect(within(programs).getByRole('checkbox', { name })).toBeDisabled();
      expect(within(programs).getByRole('checkbox', { name })).toHaveAccessibleDescription('Not offered in the builder');
    }
    for (const name of ['RPM', 'CCM', 'PCM']) expect(within(programs).getByRole('checkbox', { name })).toBeEnabled();
    // The cues come from GET activity-templates/trigger-cues; days are Monday (0) to Sunday (6), weeks first and last.
    expect(await within(screen.getByRole('group', { name: 'Trigger cues' })).findByRole('checkbox', { name: 'Primary condition COPD' })).toBeVisible();
    expect(asked.find((url) => url.pathname === '/api/activity-templates/trigger-cues')?.searchParams.get('limit')).toBe(String(TRIGGER_CUES_PAGE_SIZE));
    const days = within(screen.getByRole('group', { name: 'Days of the week' })).getAllByRole('checkbox');
    expect(days.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(within(screen.getByRole('group', { name: 'Weeks of the month' })).getAllByRole('checkbox')).toHaveLength(2);
  });

  it("asks the frequency limit's fields by its type, each required and at least 1", async () => {
    const user = userEvent.setup();
    const { sent } = openActivity('/clinical-activities/activity/create');
    await form();
    const type = screen.getByRole('combobox', { name: 'Limit type' });
    expect(type).toHaveDisplayValue('No limit');
    const fields = ['Period type', 'Period value', 'Max occurrences', 'Reset trigger', 'Total occurrences limit'];
    const shown = () => fields.filter((name) => screen.queryByLabelText(name) !== null);
    expect(shown()).toEqual([]);
    await user.selectOptions(type, 'Per period');
    expect(shown()).toEqual(['Period type', 'Period value', 'Max occurrences', 'Reset trigger']);
    expect(screen.getByRole('combobox', { name: 'Reset trigger' })).toHaveDisplayValue('Rolling period');
    await user.type(screen.getByRole('spinbutton', { name: 'Max occurrences' }), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('combobox', { name: 'Period type' })).toHaveAccessibleDescription('Required');
    expect(screen.getByRole('spinbutton', { name: 'Period value' })).toHaveAccessibleDescription('Required');
    expect(screen.getByRole('spinbutton', { name: 'Max occurrences' })).toHaveAccessibleDescription(expect.stringContaining('Must be 1 or more'));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Required');
    expect(screen.getByRole('alert')).toHaveTextContent('Add at least one step');
    await user.selectOptions(type, 'In total');
    expect(shown()).toEqual(['Total occurrences limit']);
    expect(screen.getByRole('spinbutton', { name: 'Total occurrences limit' })).toHaveAccessibleDescription(expect.stringContaining('Required'));
    expect(sent).toEqual([]);
  });

  it('saves a new template with POST activity-templates, its steps numbered in the order shown, then opens it', async () => {
    const user = userEvent.setup();
    const { sent, asked, location } = openActivity('/clinical-activities/activity/create');
    await form();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Breathing check-in');
    await user.type(screen.getByRole('spinbutton', { name: 'Estimated duration (minutes)' }), '12');
    await addStep(user, /^Symptoms/);
    // The picker offers the latest version of each step template, 100 at a time (spec 002 sections 7 and 9).
    const picked = asked.find((url) => url.pathname === '/api/step-templates');
    expect(JSON.parse(picked?.searchParams.get('filter') ?? '{}')).toEqual({ 'is_latest[eq]': true });
    expect(picked?.searchParams.get('limit')).toBe(String(STEP_PICKER_PAGE_SIZE));
    await addStep(user, /^Medication .*draft/);
    const steps = screen.getByRole('list', { name: 'Steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringMatching(/^1\. Symptoms.*symptoms · version 2/), expect.stringMatching(/^2\. Medicationdraft.*medication · version 1/)]);
    await user.click(within(steps).getByRole('button', { name: 'Move Medication up' }));
    expect(within(steps).getByRole('button', { name: 'Move Medication down' })).toHaveFocus();
    await user.click(screen.getByRole('checkbox', { name: 'Registered Nurse' }));
    await user.click(screen.getByRole('checkbox', { name: 'Always require review' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Limit type' }), 'Per period');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period type' }), 'Weeks');
    await user.type(screen.getByRole('spinbutton', { name: 'Period value' }), '1');
    await user.type(screen.getByRole('spinbutton', { name: 'Max occurrences' }), '2');
    await user.click(screen.getByRole('checkbox', { name: 'Recommendation enabled' }));
    await user.click(screen.getByRole('checkbox', { name: 'RPM' }));
    await user.click(
      await within(screen.getByRole('group', { name: 'Trigger cues' })).findByRole('checkbox', { name: 'No device reading in the last 7 days' }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Last week' }));
    await user.clear(screen.getByRole('spinbutton', { name: 'Priority score' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Priority score' }), '90');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Activity template created')).toBeVisible();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/activity-templates',
        body: {
          activity_title: 'Breathing check-in',
          activity_description: null,
          estimated_duration: 12,
          is_enabled: true,
          activity_config_json: {
            ...DEFAULT_ACTIVITY_CONFIG,
            clinician_types: ['registered_nurse'],
            always_require_review: true,
            scheduling: {
              frequency_limit: { limit_type: 'period', period_type: 'weeks', period_value: 1, max_occurrences: 2, reset_trigger: 'rolling_period' },
              recommend_if_eligible: true,
            },
            recommendation: {
              ...DEFAULT_ACTIVITY_CONFIG.recommendation,
              enabled: true,
              care_program_types: ['rpm'],
              trigger_cues: ['no_readings_7_days'],
              priority_score: 90,
              day_of_week: [0, 6],
              week_of_month: ['last'],
            },
          },
          steps: [
            { step_number: 1, step_template_id: 12 },
            { step_number: 2, step_template_id: 11 },
          ],
        },
      },
    ]);
    await waitFor(() => expect(location.history.at(-1)).toBe('/clinical-activities/activity/50'));
  });

  it("says 'Error creating activity template' when a creation fails", async () => {
    const user = userEvent.setup();
    openActivity('/clinical-activities/activity/create', { 'POST /activity-templates': { status: 500, body: { detail: 'Internal server error' } } });
    await form();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Breathing check-in');
    await addStep(user, /^Symptoms/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error creating activity template')).toBeVisible();
  });

  it('has no output before it is saved', async () => {
    const user = userEvent.setup();
    openActivity('/clinical-activities/activity/create');
    await form();
    await user.click(screen.getByRole('tab', { name: 'Output' }));
    expect(screen.getByText('Save the template first: the output is worked out by the server from the saved template.')).toBeVisible();
  });
});

describe('the activity template editor: a saved template (/clinical-activities/activity/{id})', () => {
  it('shows a published template read only, with Clone (POST clone), which opens the new draft', async () => {
    const user = userEvent.setup();
    const { sent, location } = openActivity('/clinical-activities/activity/1');
    await form();
    expect(screen.getByText('This version is published and never changes. Clone it to make a new draft.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('COPD weekly check-in');
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'RPM' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Priority score' })).toHaveValue(80);
    for (const name of ['Save', 'Promote', 'Add step', 'Remove Symptoms']) expect(screen.queryByRole('button', { name })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clone' }));
    expect(await screen.findByText('Activity template cloned: the new draft is open')).toBeVisible();
    expect(calls(sent)).toEqual(['POST /activity-templates/1/clone']);
    await waitFor(() => expect(location.history.at(-1)).toBe('/clinical-activities/activity/60'));
  });

  it('switches a published template off: its one change, sent with its content as read', async () => {
    const user = userEvent.setup();
    const { sent } = openActivity('/clinical-activities/activity/1');
    await form();
    const enabled = screen.getByRole('checkbox', { name: 'Enabled' });
    expect(enabled).toBeChecked();
    expect(enabled).toBeEnabled();
    await user.click(enabled);
    expect(await screen.findByText('Activity template disabled')).toBeVisible();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/activity-templates/1',
        body: { activity_title: 'COPD weekly check-in', activity_config_json: PUBLISHED_ACTIVITY.activity_config_json, is_enabled: false },
      },
    ]);
  });

  it("says 'Error cloning activity template' when a clone fails", async () => {
    const user = userEvent.setup();
    openActivity('/clinical-activities/activity/1', { 'POST /activity-templates/1/clone': { status: 409, body: { detail: 'Conflict' } } });
    await form();
    await user.click(screen.getByRole('button', { name: 'Clone' }));
    expect(await screen.findByText('Error cloning activity template')).toBeVisible();
  });

  it("updates a draft with PUT; a failure says 'Error saving activity template'", async () => {
    const user = userEvent.setup();
    const { sent } = openActivity('/clinical-activities/activity/2', { 'PUT /activity-templates/2': { status: 409, body: { detail: 'Conflict' } } });
    await form();
    expect(within(screen.getByRole('list', { name: 'Steps' })).getByText('draft')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove Medication' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error saving activity template')).toBeVisible();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/activity-templates/2',
        body: expect.objectContaining({ activity_title: 'Asthma control check-in', steps: [{ step_number: 1, step_template_id: 11 }] }) as unknown,
      },
    ]);
  });

  it("promotes a draft once asked (POST promote); a failure says 'Error promoting activity template'", async () => {
    const user = userEvent.setup();
    const { sent } = openActivity('/clinical-activities/activity/2', {
      'POST /activity-templates/2/promote': { status: 422, body: { detail: 'A published activity may only use published steps' } },
    });
    await form();
    await user.click(screen.getByRole('button', { name: 'Promote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promote activity template' });
    await user.click(within(dialog).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText('Error promoting activity template')).toBeVisible();
    expect(calls(sent)).toEqual(['POST /activity-templates/2/promote']);
  });

  it('previews the steps in the runner and shows, in Output, the notes of the answers given (POST preview-notes)', async () => {
    const user = userEvent.setup();
    const { sent } = openActivity('/clinical-activities/activity/2');
    await form();
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const panel = screen.getByRole('tabpanel', { name: 'Preview' });
    expect(await within(panel).findByRole('heading', { name: 'Symptoms' })).toBeVisible();
    await user.click(within(panel).getByRole('radio', { name: 'Yes' }));
    // The follow-up item is enabled by the answer.
    await user.type(within(panel).getByRole('textbox', { name: /When does it happen\?/ }), 'Climbing stairs');
    const stop = within(panel).queryByRole('button', { name: 'Stop timer' });
    if (stop) await user.click(stop);
    await user.clear(within(panel).getByRole('spinbutton', { name: 'Minutes' }));
    await user.type(within(panel).getByRole('spinbutton', { name: 'Minutes' }), '5');
    await user.clear(within(panel).getByRole('spinbutton', { name: 'Seconds' }));
    await user.type(within(panel).getByRole('spinbutton', { name: 'Seconds' }), '30');

    await user.click(screen.getByRole('tab', { name: 'Output' }));
    const output = screen.getByRole('tabpanel', { name: 'Output' });
    const notes = within(await within(output).findByRole('list', { name: 'Notes' })).getAllByRole('listitem');
    expect(notes.map((note) => [...note.querySelectorAll('dt, dd')].map((cell) => cell.textContent))).toEqual([
      [
        'Type',
        'RPM 99457/99458',
        'Duration',
        '5 min 30 s',
        'Notes',
        'Asthma control check-in: Symptoms\nShort of breath?: Yes\nWhen does it happen?: Climbing stairs',
      ],
      ['Type', 'Note', 'Duration', '0 min 0 s', 'Notes', 'Asthma control check-in: Medication'],
    ]);
    const asked = sent.filter((entry) => entry.path === '/activity-templates/2/preview-notes').at(-1);
    expect(asked?.body).toEqual({
      data_json: expect.objectContaining({
        symptoms: expect.objectContaining({ time_taken: 330, answers: { short_of_breath: true, breath_details: 'Climbing stairs' } }) as unknown,
      }) as unknown,
    });
  });
});
