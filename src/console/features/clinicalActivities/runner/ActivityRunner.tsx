import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  ACTIVITY_TEXTS,
  activityDuration,
  AUTOSAVE_DELAY_MS,
  completionErrors,
  completionShare,
  durationError,
  isOutOfRange,
  stepErrors,
  stepMarks,
  type ActivityData,
  type ActivityTemplate,
  type Answer,
} from '../../../../domain/clinicalActivities';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { Notice } from '../../../ui/Notice';
import { ReviewView } from './ReviewView';
import { resumePoint, runnerSteps, startingData, validationCheckErrors, withAnswer, withStep, type FieldErrors } from './runnerModel';
import { StepNavigation } from './StepNavigation';
import { StepView } from './StepView';

export interface ActivityRunnerProps {
  /** With activity_template_steps[].step_template (domain types.ts). */
  template: ActivityTemplate;
  initialData?: Partial<ActivityData>;
  /** preview: nothing is saved, no autosave indicator, no confirmation to cancel. */
  mode: 'live' | 'preview';
  /** live: autosave after 1 s of inactivity (AUTOSAVE_DELAY_MS) and on Next. */
  onSave?: (data: ActivityData) => Promise<void>;
  /** May reject with the API's 422 validation_check details. */
  onSubmit: (data: ActivityData) => Promise<void>;
  /** Back at step 0, Cancel, Discard (live: once confirmed). */
  onCancel: () => void;
  /** Every change the clinician makes (the timer's count is folded in at each): the builder's Output tab reads it. */
  onChange?: (data: ActivityData) => void;
}

/** The step whose timer counts: since when, from how many seconds. */
interface Timer {
  stepKey: string;
  since: number;
  base: number;
}

type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'saved'; at: Date } | { status: 'failed'; message: string };

const addTo = <T,>(set: ReadonlySet<T>, ...values: T[]) => new Set([...set, ...values]);
const withoutField = (errors: FieldErrors, stepKey: string, fields: readonly string[]): FieldErrors => {
  const step = errors[stepKey];
  if (!step || !fields.some((field) => field in step)) return errors;
  const rest = Object.fromEntries(Object.entries(step).filter(([field]) => !fields.includes(field)));
  return { ...errors, [stepKey]: rest };
};
const savedAt = (at: Date) => at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/**
 * The clinical activity runner (spec 001 sections 2, 4 and 5; 002 section 5 "Runner checks used in
 * the preview"): one step at a time with the steps beside it, then Review & Submit. Each step's time
 * is counted from when it is shown and may be corrected; Next validates the step (its per-field
 * errors and 'Please complete all required fields in this step before proceeding') and saves; Back
 * returns, or cancels at the first step. Live, the answers are saved 1 s after the last change
 * ('Saving...', 'Last saved {time}'). Submit checks every step, the duration and the verification,
 * then hands the data over; a refusal with validation_check details puts them on their steps.
 * The rules are the domain's (src/domain/clinicalActivities/runner.ts); this only shows them.
 */
export function ActivityRunner({ template, initialData, mode, onSave, onSubmit, onCancel, onChange }: ActivityRunnerProps) {
  const steps = useMemo(() => runnerSteps(template), [template]);
  const [start] = useState(() => resumePoint(steps, initialData));
  const [data, setData] = useState(() => startingData(steps, initialData));
  const [current, setCurrent] = useState(start.current);
  const [visited, setVisited] = useState<ReadonlySet<number>>(start.visited);
  /** Steps whose errors show: Next or Submit was refused on them. */
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const [stepWarning, setStepWarning] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [verified, setVerified] = useState(false);
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [alerts, setAlerts] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>({ status: 'idle' });
  /** Steps whose timer the clinician stopped (or whose time they typed): it does not start again by itself. */
  const [stopped, setStopped] = useState<ReadonlySet<string>>(new Set());
  const [timer, setTimer] = useState<Timer | null>(() => {
    const step = steps[start.current];
    return step ? { stepKey: step.step_key, since: Date.now(), base: data[step.step_key]?.time_taken ?? 0 } : null;
  });
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!timer) return;
    const interval = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(interval);
  }, [timer]);

  /** The data with the running timer's count: what is validated, shown, saved and submitted. */
  const effective = useMemo(
    () => (timer ? withStep(data, timer.stepKey, { time_taken: timer.base + Math.max(0, Math.floor((now - timer.since) / 1000)) }) : data),
    [data, timer, now],
  );

  const live = mode === 'live' && onSave !== undefined;
  const latest = useRef({ effective, onSave, onChange, live });
  useLayoutEffect(() => {
    latest.current = { effective, onSave, onChange, live };
  });
  /** Changes not yet saved; a pending autosave; whether the run is over (submitted or discarded: nothing more is saved). */
  const dirty = useRef(false);
  const pendingSave = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const finished = useRef(false);

  const save = useCallback(async () => {
    clearTimeout(pendingSave.current);
    const { onSave: saveData, effective: snapshot, live: saving } = latest.current;
    if (!saving || !saveData || finished.current) return;
    dirty.current = false;
    setSaveState({ status: 'saving' });
    try {
      await saveData(snapshot);
      if (!finished.current) setSaveState({ status: 'saved', at: new Date() });
    } catch (error) {
      dirty.current = true;
      setSaveState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }, []);

  // Every change reaches the builder's Output tab; the timer's ticks alone do not.
  useEffect(() => {
    latest.current.onChange?.(latest.current.effective);
  }, [data]);

  // Closing with changes not yet saved (the dialog's Close: the run is resumed later) saves them.
  useEffect(
    () => () => {
      clearTimeout(pendingSave.current);
      const { onSave: saveData, effective: snapshot, live: saving } = latest.current;
      if (saving && saveData && dirty.current && !finished.current) saveData(snapshot).catch(() => undefined);
    },
    [],
  );

  /** A change by the clinician: kept, and saved 1 s after the last one (live). */
  const edit = (next: (data: typeof effective) => typeof effective) => {
    setData((previous) => next(previous));
    dirty.current = true;
    if (latest.current.live) {
      clearTimeout(pendingSave.current);
      pendingSave.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    }
  };

  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [current]);

  const step = steps[current];
  const localErrors = (index: number) => {
    const at = steps[index];
    return at ? stepErrors(at, effective[at.step_key]) : {};
  };
  /** The errors a step shows: its own once Next or Submit was refused there, and the server's. */
  const shownErrors = (index: number): Record<string, string> => {
    const at = steps[index];
    if (!at) return {};
    return { ...serverErrors[at.step_key], ...(shown.has(at.step_key) || submitAttempted ? localErrors(index) : {}) };
  };

  /** Opens a step (or the review): the time counted so far stays with the step left, the new step's timer starts. */
  const go = (index: number) => {
    moved.current = true;
    setStepWarning(false);
    setAlerts([]);
    setData(effective);
    setNow(Date.now());
    const next = steps[index];
    setTimer(next && !stopped.has(next.step_key) ? { stepKey: next.step_key, since: Date.now(), base: effective[next.step_key]?.time_taken ?? 0 } : null);
    setCurrent(index);
  };

  /** Leaves the current step forward if it is valid: Next, or a later step of the list. */
  const forward = (index: number) => {
    if (step) {
      if (Object.keys(localErrors(current)).length > 0) {
        setShown((keys) => addTo(keys, step.step_key));
        setStepWarning(true);
        return;
      }
      setVisited((done) => addTo(done, current));
    }
    go(index);
    if (step) void save();
  };

  const requestCancel = () => {
    if (mode === 'preview') onCancel();
    else setConfirmingCancel(true);
  };
  const back = () => (current === 0 ? requestCancel() : go(current - 1));

  const submit = async () => {
    setSubmitAttempted(true);
    const problems = completionErrors(steps, effective);
    const inError = Object.keys(problems).filter((key) => key !== '_activity');
    const messages: string[] = [];
    if (inError.length > 0) {
      setShown((keys) => addTo(keys, ...inError));
      messages.push(ACTIVITY_TEXTS.stepsIncomplete);
    }
    if (problems._activity?.duration) messages.push(problems._activity.duration);
    if (!verified) messages.push(ACTIVITY_TEXTS.reviewUnverified);
    setAlerts(messages);
    if (messages.length > 0) return;
    clearTimeout(pendingSave.current);
    setSubmitting(true);
    // Over unless refused: the caller may close the runner as soon as the run is completed.
    finished.current = true;
    try {
      await onSubmit(effective);
    } catch (error) {
      finished.current = false;
      const fields = validationCheckErrors(error);
      if (fields) setServerErrors(fields);
      setAlerts([fields ? ACTIVITY_TEXTS.validationFailed : ACTIVITY_TEXTS.completeError]);
    } finally {
      setSubmitting(false);
    }
  };

  const discard = () => {
    finished.current = true;
    clearTimeout(pendingSave.current);
    setConfirmingCancel(false);
    onCancel();
  };

  const marks = stepMarks(steps, effective, current, visited).map((mark, index) => {
    const key = steps[index]?.step_key ?? '';
    return mark === 'completed' && Object.keys(serverErrors[key] ?? {}).length > 0 ? 'not_completed' : mark;
  });
  const reachable = (index: number) => [...Array(index).keys()].every((earlier) => visited.has(earlier) || earlier === current);
  const onReview = current >= steps.length;
  const stepData = step ? (effective[step.step_key] ?? {}) : {};
  const taken = stepData.time_taken ?? 0;
  const errorsHere = shownErrors(current);
  const outOfRange = step ? isOutOfRange(taken, step.expected_time_range) : false;
  // Ours: while the timer still counts up toward the range, the reason waits (it would greet every step's start).
  const showReason =
    !!step &&
    outOfRange &&
    (taken > step.expected_time_range.max || !timer || 'time_taken_out_of_range_reason' in errorsHere || !!stepData.time_taken_out_of_range_reason);
  const duration = activityDuration(steps, effective);
  const stepsInError = Object.fromEntries(steps.map((at, index) => [at.step_key, Object.keys(shownErrors(index)).length]));

  const changeStep = (field: string, change: Parameters<typeof withStep>[2]) => {
    if (!step) return;
    const key = step.step_key;
    setServerErrors((errors) => withoutField(errors, key, [field]));
    edit((previous) => withStep(previous, key, change));
  };

  return (
    <div className="flex flex-col">
      <div className="flex flex-col gap-6 md:flex-row md:gap-8">
        <StepNavigation steps={steps} marks={marks} current={current} canOpen={reachable} onOpen={(index) => (index > current ? forward(index) : go(index))} />
        <div className="min-w-0 flex-1 space-y-4 pb-4">
          {stepWarning && !onReview && Object.keys(localErrors(current)).length > 0 && <Notice tone="warning">{ACTIVITY_TEXTS.stepIncomplete}</Notice>}
          {onReview && alerts.length > 0 && (
            <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
              <ul className="list-inside list-disc space-y-0.5">
                {alerts.map((alert) => (
                  <li key={alert}>{alert}</li>
                ))}
              </ul>
            </div>
          )}
          {step ? (
            <StepView
              key={step.step_key}
              step={step}
              index={current}
              count={steps.length}
              data={stepData}
              errors={errorsHere}
              showReason={showReason}
              timerRunning={timer?.stepKey === step.step_key}
              headingRef={headingRef}
              onAnswer={(itemId: string, answer: Answer) => {
                setServerErrors((errors) => withoutField(errors, step.step_key, [itemId]));
                edit((previous) => withAnswer(previous, step.step_key, itemId, answer));
              }}
              onTime={(seconds) => {
                setTimer(null);
                setStopped((keys) => addTo(keys, step.step_key));
                changeStep('time_taken', { time_taken: seconds });
              }}
              onToggleTimer={() => {
                if (timer?.stepKey === step.step_key) {
                  setData(effective);
                  setTimer(null);
                  setStopped((keys) => addTo(keys, step.step_key));
                } else {
                  setNow(Date.now());
                  setTimer({ stepKey: step.step_key, since: Date.now(), base: taken });
                }
              }}
              onText={(field, text) => changeStep(field, { [field]: text })}
            />
          ) : (
            <ReviewView
              steps={steps}
              data={effective}
              share={completionShare(steps, effective)}
              duration={duration}
              durationError={durationError(duration)}
              verified={verified}
              onVerify={setVerified}
              verifyError={submitAttempted && !verified}
              stepsInError={stepsInError}
              headingRef={headingRef}
              onEdit={go}
            />
          )}
        </div>
      </div>

      <div className="sticky bottom-0 -mx-1 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-white px-1 py-3">
        <div className="flex items-center gap-3">
          <Button variant="ghost" onClick={requestCancel}>
            Cancel
          </Button>
          {live && (
            <p role="status" aria-live="polite" className={`text-sm ${saveState.status === 'failed' ? 'text-amber-800' : 'text-slate-500'}`}>
              {saveState.status === 'saving' && ACTIVITY_TEXTS.saving}
              {saveState.status === 'saved' && `${ACTIVITY_TEXTS.lastSaved} ${savedAt(saveState.at)}`}
              {saveState.status === 'failed' && `Not saved: ${saveState.message}`}
            </p>
          )}
        </div>
        <div className="flex gap-2">
          <Button size="md" onClick={back} disabled={submitting}>
            Back
          </Button>
          {onReview ? (
            <Button size="md" variant="primary" onClick={() => void submit()} disabled={submitting}>
              {submitting ? 'Submitting…' : 'Submit'}
            </Button>
          ) : (
            <Button size="md" variant="primary" onClick={() => forward(current + 1)}>
              {current === steps.length - 1 ? 'Review' : 'Next'}
            </Button>
          )}
        </div>
      </div>

      <Modal open={confirmingCancel} title="Discard this activity?" role="alertdialog" width="md" onClose={() => setConfirmingCancel(false)}>
        <p className="text-sm text-slate-700">Discarding deletes this activity and the answers given so far.</p>
        <div className="mt-6 flex justify-end gap-2">
          <Button size="md" onClick={() => setConfirmingCancel(false)}>
            Keep working
          </Button>
          <Button size="md" variant="danger" onClick={discard}>
            Discard
          </Button>
        </div>
      </Modal>
    </div>
  );
}
