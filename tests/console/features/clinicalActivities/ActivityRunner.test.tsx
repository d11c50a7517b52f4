// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorFromResponse } from '../../../../src/console/api/httpError';
import { ActivityRunner, type ActivityRunnerProps } from '../../../../src/console/features/clinicalActivities/runner/ActivityRunner';
import { ACTIVITY_TEXTS, OUT_OF_RANGE_REASON_LABEL, OUT_OF_RANGE_REASON_REQUIRED, type ActivityData } from '../../../../src/domain/clinicalActivities';
import '../../helpers/dom';
import { TEMPLATE } from './activityFixtures';

afterEach(() => vi.useRealTimers());

function renderRunner(props: Partial<ActivityRunnerProps> = {}) {
  const handlers = {
    onSave: vi.fn<(data: ActivityData) => Promise<void>>().mockResolvedValue(undefined),
    onSubmit: vi.fn<(data: ActivityData) => Promise<void>>().mockResolvedValue(undefined),
    onCancel: vi.fn<() => void>(),
    onChange: vi.fn<(data: ActivityData) => void>(),
  };
  render(<ActivityRunner template={TEMPLATE} mode="live" {...handlers} {...props} />);
  return handlers;
}

const heading = () => screen.getByRole('heading', { level: 3 });
const question = (name: string) => screen.getByRole('group', { name: new RegExp(`^${name}`) });
const next = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: /^(Next|Review)$/ }));
/** Moves the faked clock. */
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const minutesBox = () => screen.getByRole('spinbutton', { name: 'Minutes' });

/** Step 1 answered "No" (its dropdown keeps its default), then Next. */
async function passBreathing(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(question('Short of breath this week?')).getByRole('radio', { name: 'No' }));
  await next(user);
}

/** Step 2 given 6 minutes (inside its 5 to 10), then Review. */
async function passMedication(user: ReturnType<typeof userEvent.setup>) {
  await user.clear(minutesBox());
  await user.type(minutesBox(), '6');
  await next(user);
}

describe('the clinical activity runner (spec 001 sections 4 and 5)', () => {
  it('opens on the first step by step_number, marks the steps in the sidebar, and shows the follow-up only on "yes" (enabled_when)', async () => {
    const user = userEvent.setup();
    renderRunner();
    expect(heading()).toHaveTextContent('Breathing this week');
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    const steps = within(screen.getByRole('navigation', { name: 'Steps' }));
    expect(steps.getByText('Breathing this week').closest('[aria-current="step"]')).not.toBeNull();
    expect(steps.getAllByText(/, not completed$/)).toHaveLength(2);
    // The dropdown starts at its default option.
    expect(screen.getByRole('combobox', { name: 'Rescue inhaler use' })).toHaveValue('none');

    expect(screen.queryByRole('textbox', { name: 'When does it happen?' })).toBeNull();
    await user.click(within(question('Short of breath this week?')).getByRole('radio', { name: 'Yes' }));
    const followUp = screen.getByRole('textbox', { name: 'When does it happen?' });
    expect(followUp).toHaveAccessibleDescription('At rest, walking, at night ...');
    expect(followUp).toBeRequired();
    await user.click(within(question('Short of breath this week?')).getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('textbox', { name: 'When does it happen?' })).toBeNull();
  });

  it('refuses Next on an incomplete step with the warning and the field errors, then moves on, marks the step completed and focuses the next heading', async () => {
    const user = userEvent.setup();
    renderRunner();
    await next(user);
    expect(screen.getByRole('alert')).toHaveTextContent(ACTIVITY_TEXTS.stepIncomplete);
    expect(question('Short of breath this week?')).toHaveAccessibleDescription('Required');
    expect(heading()).toHaveTextContent('Breathing this week');

    await user.click(within(question('Short of breath this week?')).getByRole('radio', { name: 'Yes' }));
    await next(user);
    // The follow-up "yes" enabled is required in its turn.
    expect(screen.getByRole('textbox', { name: 'When does it happen?' })).toHaveAccessibleDescription('At rest, walking, at night ... Required');
    await user.type(screen.getByRole('textbox', { name: 'When does it happen?' }), 'Climbing stairs');
    expect(screen.queryByRole('alert')).toBeNull();
    await next(user);
    expect(heading()).toHaveTextContent('Medication review');
    expect(heading()).toHaveFocus();
    const steps = within(screen.getByRole('navigation', { name: 'Steps' }));
    expect(steps.getByRole('button', { name: /^Breathing this week, completed$/ })).toBeInTheDocument();

    // Back returns to the step before, as it was left.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(heading()).toHaveTextContent('Breathing this week');
    expect(screen.getByRole('textbox', { name: 'When does it happen?' })).toHaveValue('Climbing stairs');
  });

  it('asks for a reason when a 5 to 10 minute step took 20 minutes, and goes on once it is given', async () => {
    const user = userEvent.setup();
    renderRunner();
    await passBreathing(user);
    expect(screen.getByText(/Expected time 5 min to 10 min/)).toBeInTheDocument();
    await user.clear(minutesBox());
    await user.type(minutesBox(), '20');
    expect(screen.getByRole('figure', { name: /time taken 20 min, outside the expected range$/ })).toBeInTheDocument();
    const reason = screen.getByRole('textbox', { name: OUT_OF_RANGE_REASON_LABEL });
    await next(user);
    expect(screen.getByRole('alert')).toHaveTextContent(ACTIVITY_TEXTS.stepIncomplete);
    expect(reason).toHaveAccessibleDescription(OUT_OF_RANGE_REASON_REQUIRED);
    await user.type(reason, 'The patient had many questions about the new inhaler');
    await next(user);
    expect(heading()).toHaveTextContent('Review & Submit');
  });

  it('counts the time of a step from when it is shown, and stops when the clinician types one', () => {
    vi.useFakeTimers();
    renderRunner();
    advance(65_000);
    expect(minutesBox()).toHaveValue(1);
    expect(screen.getByRole('spinbutton', { name: 'Seconds' })).toHaveValue(5);
    expect(screen.getByText('Timer running')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Stop timer' }).click());
    advance(30_000);
    expect(screen.getByRole('spinbutton', { name: 'Seconds' })).toHaveValue(5);
    expect(screen.getByText('Timer stopped')).toBeInTheDocument();
  });

  it('reviews every answer in words with the completion share, and submits only once verified', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderRunner();
    await passBreathing(user);
    await passMedication(user);
    expect(heading()).toHaveTextContent('Review & Submit');
    // Enabled items: short_of_breath and inhaler (answered), meds_reviewed and peak_flow (not): the follow-up is off.
    expect(screen.getByText('2 of 4 answered, 50%')).toBeInTheDocument();
    expect(screen.getByText('Short of breath this week?').nextElementSibling).toHaveTextContent('No');
    expect(screen.getByText('Rescue inhaler use').nextElementSibling).toHaveTextContent('Not at all');
    expect(screen.getByText('Peak flow').nextElementSibling).toHaveTextContent('Not answered');
    expect(screen.getByText('6 min', { selector: 'p' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent(ACTIVITY_TEXTS.reviewUnverified);
    const verify = screen.getByRole('checkbox', { name: /verify/ });
    expect(verify).toHaveAccessibleDescription(ACTIVITY_TEXTS.verifyRequired);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(verify);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const sent = onSubmit.mock.calls[0]?.[0];
    expect(sent?.symptoms?.answers).toEqual({ short_of_breath: false, inhaler: 'none' });
    expect(sent?.medication?.time_taken).toBe(360);
  });

  it('refuses to submit a run of under 30 seconds with the duration rule', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderRunner({
      initialData: {
        symptoms: { time_taken: 10, answers: { short_of_breath: false } },
        medication: { time_taken: 10, time_taken_out_of_range_reason: 'Quick', answers: {} },
      },
    });
    // Both steps were saved valid: the run resumes on Review & Submit.
    expect(heading()).toHaveTextContent('Review & Submit');
    await user.click(screen.getByRole('checkbox', { name: /verify/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent(ACTIVITY_TEXTS.duration);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's validation_check errors on their steps with 'Validation checks failed. Please review all steps.', and any other failure as 'Error completing activity'", async () => {
    const user = userEvent.setup();
    const refusal = errorFromResponse(422, 'Unprocessable Entity', {
      detail: [{ loc: ['body', 'data_json', 'symptoms', 'inhaler'], msg: 'Daily use needs a follow-up', type: 'validation_check' }],
    });
    const onSubmit = vi.fn<(data: ActivityData) => Promise<void>>().mockRejectedValueOnce(refusal).mockRejectedValueOnce(new Error('Network down'));
    renderRunner({ onSubmit });
    await passBreathing(user);
    await passMedication(user);
    await user.click(screen.getByRole('checkbox', { name: /verify/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(ACTIVITY_TEXTS.validationFailed)).toBeInTheDocument();
    expect(screen.getByText('1 field needs attention')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit step 1: Breathing this week' }));
    expect(screen.getByRole('combobox', { name: 'Rescue inhaler use' })).toHaveAccessibleDescription('Daily use needs a follow-up');

    await next(user);
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(ACTIVITY_TEXTS.completeError)).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it("autosaves 1 s after the last change, showing 'Saving...' then 'Last saved'", async () => {
    vi.useFakeTimers();
    let finish: () => void = () => undefined;
    const onSave = vi.fn<(data: ActivityData) => Promise<void>>(() => new Promise<void>((resolve) => (finish = resolve)));
    renderRunner({ onSave });
    fireEvent.click(within(question('Short of breath this week?')).getByRole('radio', { name: 'Yes' }));
    advance(900);
    fireEvent.change(screen.getByRole('textbox', { name: 'When does it happen?' }), { target: { value: 'At night' } });
    advance(900);
    expect(onSave).not.toHaveBeenCalled();
    advance(100);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]?.[0].symptoms?.answers).toMatchObject({ short_of_breath: true, breath_details: 'At night' });
    expect(screen.getByRole('status')).toHaveTextContent('Saving...');
    await act(async () => finish());
    expect(screen.getByRole('status')).toHaveTextContent(/^Last saved \d{1,2}:\d{2}:\d{2} [AP]M$/);
    // The timer's ticks are no change of the clinician's: nothing more is saved.
    advance(5000);
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('saves at once on Next, and hands every change to onChange', async () => {
    const user = userEvent.setup();
    const live = renderRunner();
    await passBreathing(user);
    expect(live.onSave).toHaveBeenCalledTimes(1);
    expect(live.onChange.mock.lastCall?.[0].symptoms?.answers).toEqual({ short_of_breath: false, inhaler: 'none' });
  });

  it('preview: no autosave, no save state, and Back at the first step cancels at once', async () => {
    const user = userEvent.setup();
    const preview = renderRunner({ mode: 'preview' });
    await user.click(within(question('Short of breath this week?')).getByRole('radio', { name: 'No' }));
    await next(user);
    expect(preview.onSave).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(preview.onCancel).toHaveBeenCalledTimes(1);
  });

  it('live: Back at the first step and Cancel ask before discarding', async () => {
    const user = userEvent.setup();
    const { onCancel } = renderRunner();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Discard this activity?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep working' }));
    expect(onCancel).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
