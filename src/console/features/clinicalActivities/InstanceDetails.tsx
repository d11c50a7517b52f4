import { useId, useState } from 'react';
import {
  ACTIVITY_TEXTS,
  activityDuration,
  completionShare,
  isAnswered,
  stepSeconds,
  type ActivityData,
  type StepTemplate,
} from '../../../domain/clinicalActivities';
import { timeZoneOf } from '../../renderer/core/context';
import { EMPTY_TEXT, formatDateTime } from '../../renderer/core/format';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';
import { ErrorMessage, Loading } from '../../renderer/skin/StatusViews';
import { useNotify } from '../../renderer/skin/toasts';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { REVIEW_TEXTS, STATUS_LABELS, type InstanceRow } from './activityTexts';
import { StepAnswers } from './runner/ReviewView';
import { durationWords, runnerSteps } from './runner/runnerModel';
import { useInstanceDetails, useReviewWrites } from './useActivityCalls';

/** The minutes an override box starts with: the step's time taken, rounded (spec 002 section 5: minutes, min 0). */
const takenMinutes = (steps: readonly StepTemplate[], data: Partial<ActivityData>) =>
  Object.fromEntries(steps.map((step) => [step.step_key, String(Math.round((data[step.step_key]?.time_taken ?? 0) / 60))]));

/** Whole or decimal minutes of 0 or more, else null. */
const minutesOf = (text: string) => (/^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : null);

type Confirming = 'reject' | 'delete' | null;

/**
 * A run's details (spec 002 section 2 "A details dialog"): who ran it for whom and when, its status,
 * duration and completion, then its answers step by step. For a run pending review, a user with
 * clinical_activities.approve sets each step's time in minutes (the time taken, rounded, to start
 * with) and approves (POST {id}/approve with the overrides in seconds) or rejects; one with
 * clinical_activities.delete as well deletes it. A failure says 'Failed to submit clinical
 * activity.' ('Unable to delete item.' for a delete).
 */
export function InstanceDetails({ row, onClose }: { row: InstanceRow; onClose: () => void }) {
  const environment = useScreenEnvironment();
  const timeZone = timeZoneOf(environment);
  const notify = useNotify();
  const id = useId();
  const details = useInstanceDetails(row.id);
  const writes = useReviewWrites(row.id);
  const run = details.instance ?? row;
  const steps = details.template ? runnerSteps(details.template) : [];
  const data = run.data_json ?? {};
  const [overrides, setOverrides] = useState<Record<string, string> | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [reason, setReason] = useState('');
  const mayApprove = Boolean(environment.permissions['clinical_activities.approve']);
  const mayDelete = mayApprove && Boolean(environment.permissions['clinical_activities.delete']);
  const reviewing = mayApprove && run.status === 'pending_review' && steps.length > 0;
  const minutes = overrides ?? takenMinutes(steps, data);
  const invalid = steps.filter((step) => minutesOf(minutes[step.step_key] ?? '') === null).map((step) => step.step_key);
  const [approveTried, setApproveTried] = useState(false);
  const busy = writes.approve.isPending || writes.reject.isPending || writes.remove.isPending;

  const approve = () => {
    setApproveTried(true);
    if (invalid.length > 0) return;
    const timeOverrides = Object.fromEntries(steps.map((step) => [step.step_key, Math.round((minutesOf(minutes[step.step_key] ?? '0') ?? 0) * 60)]));
    writes.approve.mutate(timeOverrides, {
      onSuccess: () => {
        notify(REVIEW_TEXTS.approved);
        onClose();
      },
      onError: () => notify(ACTIVITY_TEXTS.submitFailed, 'error'),
    });
  };
  const reject = () =>
    writes.reject.mutate(reason, {
      onSuccess: () => {
        notify(REVIEW_TEXTS.rejected);
        setConfirming(null);
        onClose();
      },
      onError: () => notify(ACTIVITY_TEXTS.submitFailed, 'error'),
    });
  const remove = () =>
    writes.remove.mutate(undefined, {
      onSuccess: () => {
        notify(REVIEW_TEXTS.deleted);
        setConfirming(null);
        onClose();
      },
      onError: () => notify(ACTIVITY_TEXTS.deleteError, 'error'),
    });

  const share = steps.length > 0 ? completionShare(steps, data) : null;
  const duration = steps.length > 0 ? activityDuration(steps, data) : (run.activity_duration ?? null);
  const facts: [string, string][] = [
    ['Patient', run.patient?.user_full_name ?? EMPTY_TEXT],
    ['Status', STATUS_LABELS[run.status] ?? run.status],
    ['Practitioner', run.practitioner?.full_name ?? EMPTY_TEXT],
    ['Provider', run.provider?.name ?? EMPTY_TEXT],
    ['Started', formatDateTime(run.created_at, timeZone)],
    ['Completed', formatDateTime(run.completed_at, timeZone)],
    ['Duration', duration === null ? EMPTY_TEXT : durationWords(duration)],
    ['Answered', share ? `${String(share.answered)} of ${String(share.total)} answered, ${String(share.percent)}%` : EMPTY_TEXT],
  ];
  if (run.reviewed_at)
    facts.push(['Reviewed', `${formatDateTime(run.reviewed_at, timeZone)}${run.reviewed_by?.full_name ? ` by ${run.reviewed_by.full_name}` : ''}`]);
  if (run.rejection_reason) facts.push(['Reason for rejection', run.rejection_reason]);

  return (
    <div className="space-y-5">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {facts.map(([term, value]) => (
          <div key={term} className="flex gap-2 text-sm">
            <dt className="w-28 shrink-0 text-slate-500">{term}</dt>
            <dd className="min-w-0 text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      {details.loading && <Loading />}
      {details.error && <ErrorMessage error={details.error} onRetry={details.retry} />}

      {steps.length > 0 && (
        <ol className="space-y-3">
          {steps.map((step, index) => {
            const stepData = data[step.step_key] ?? {};
            const override = data.time_overrides?.[step.step_key];
            const boxId = `${id}-${step.step_key}`;
            const boxInvalid = approveTried && invalid.includes(step.step_key);
            return (
              <li key={step.step_key} className="rounded-md border border-slate-200 p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h4 className="text-sm font-semibold text-slate-900">
                      {index + 1}. {step.step_title}
                    </h4>
                    <p className="text-sm text-slate-600">
                      Time taken {durationWords(stepData.time_taken ?? 0)}
                      {typeof override === 'number' && `; approved time ${durationWords(stepSeconds(step.step_key, data))}`}
                    </p>
                  </div>
                  {reviewing && (
                    <div>
                      <label htmlFor={boxId} className="block text-xs font-medium text-slate-700">
                        Approved time (minutes)
                      </label>
                      <input
                        id={boxId}
                        type="number"
                        min={0}
                        step="any"
                        inputMode="decimal"
                        className={`mt-1 w-28 ${INPUT_CLASSES}`}
                        value={minutes[step.step_key] ?? ''}
                        aria-invalid={boxInvalid ? true : undefined}
                        aria-describedby={boxInvalid ? `${boxId}-error` : undefined}
                        onChange={(event) => setOverrides({ ...minutes, [step.step_key]: event.target.value })}
                      />
                      {boxInvalid && (
                        <p id={`${boxId}-error`} className="mt-1 text-xs text-red-700">
                          {REVIEW_TEXTS.overrideMinimum}
                        </p>
                      )}
                    </div>
                  )}
                </div>
                {(step.activity_items_json.length > 0 || isAnswered(stepData.additional_notes) || isAnswered(stepData.time_taken_out_of_range_reason)) && (
                  <div className="mt-2">
                    <StepAnswers step={step} data={data as ActivityData} />
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}

      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        {mayDelete && (
          <Button variant="danger" size="md" className="mr-auto" onClick={() => setConfirming('delete')} disabled={busy}>
            Delete
          </Button>
        )}
        <Button size="md" onClick={onClose}>
          Close
        </Button>
        {reviewing && (
          <>
            <Button size="md" onClick={() => setConfirming('reject')} disabled={busy}>
              Reject
            </Button>
            <Button size="md" variant="primary" onClick={approve} disabled={busy}>
              {writes.approve.isPending ? 'Approving…' : 'Approve'}
            </Button>
          </>
        )}
      </div>

      <Modal open={confirming === 'reject'} title="Reject this activity?" role="alertdialog" width="md" onClose={() => setConfirming(null)}>
        <p className="text-sm text-slate-700">A rejected activity counts no care time.</p>
        <label htmlFor={`${id}-reason`} className="mt-4 block text-sm font-medium text-slate-900">
          Reason (optional)
        </label>
        <textarea id={`${id}-reason`} rows={3} className={`mt-1 ${INPUT_CLASSES}`} value={reason} onChange={(event) => setReason(event.target.value)} />
        <div className="mt-6 flex justify-end gap-2">
          <Button size="md" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button size="md" variant="danger" onClick={reject} disabled={busy}>
            Reject
          </Button>
        </div>
      </Modal>
      <Modal open={confirming === 'delete'} title="Delete this activity?" role="alertdialog" width="md" onClose={() => setConfirming(null)}>
        <p className="text-sm text-slate-700">The activity and the care time it counted are deleted. Records it created stay.</p>
        <div className="mt-6 flex justify-end gap-2">
          <Button size="md" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button size="md" variant="danger" onClick={remove} disabled={busy}>
            Delete
          </Button>
        </div>
      </Modal>
    </div>
  );
}
