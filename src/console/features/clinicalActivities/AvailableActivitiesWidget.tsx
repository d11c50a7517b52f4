import { useState } from 'react';
import { ACTIVITY_TEXTS, AVAILABLE_PAGE_SIZE, type ActivityAvailability } from '../../../domain/clinicalActivities';
import { timeZoneOf } from '../../renderer/core/context';
import { formatDate } from '../../renderer/core/format';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { useScreenScope } from '../../renderer/scopeContext';
import { ErrorMessage, Loading } from '../../renderer/skin/StatusViews';
import { Button } from '../../ui/Button';
import { ActivityRunDialog } from './ActivityRunDialog';
import { availableInOrder, startable } from './availability';
import { useAvailableActivities, type RunTarget } from './useActivityCalls';

/** One activity offered to the patient: what it is, when it was last done, and Start or Resume. */
function AvailableActivity({ entry, mayStart, timeZone, onStart }: { entry: ActivityAvailability; mayStart: boolean; timeZone: string; onStart: () => void }) {
  const template = entry.activity_template;
  const resume = entry.pending_clinical_activity_instance_id !== null;
  const { allowed, reason } = startable(entry);
  const facts = [
    typeof template.estimated_duration === 'number' ? `About ${String(template.estimated_duration)} min` : null,
    entry.last_completed_at ? `Last completed ${formatDate(entry.last_completed_at, timeZone)}` : 'Never completed',
  ].filter((fact): fact is string => fact !== null);
  return (
    <li className={`rounded-md border p-3 ${allowed ? 'border-slate-200 bg-white' : 'border-slate-200 bg-slate-50'}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <h4 className={`text-sm font-semibold ${allowed ? 'text-slate-900' : 'text-slate-500'}`}>{template.activity_title}</h4>
          {entry.is_recommended && (
            <span className="mt-1 inline-flex rounded-full bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-800 ring-1 ring-inset ring-blue-200">
              Recommended
            </span>
          )}
        </div>
        {mayStart && (
          <Button
            variant={allowed && entry.is_recommended ? 'primary' : 'secondary'}
            onClick={onStart}
            disabled={!allowed}
            disabledReason={reason ?? undefined}
            aria-label={`${resume ? 'Resume' : 'Start'} ${template.activity_title}`}
          >
            {resume ? 'Resume' : 'Start'}
          </Button>
        )}
      </div>
      {template.activity_description && <p className={`mt-1 text-sm ${allowed ? 'text-slate-700' : 'text-slate-500'}`}>{template.activity_description}</p>}
      <p className="mt-1 text-xs text-slate-500">{facts.join(' · ')}</p>
      {entry.warning_message && (
        <p className="mt-1 text-xs text-amber-800">
          <span className="font-medium">Warning: </span>
          {entry.warning_message}
        </p>
      )}
      {!allowed && reason && <p className="mt-1 text-xs text-slate-600">{reason}</p>}
    </li>
  );
}

/**
 * The patient panel's Activity tab (spec 001 section 2; widget `available_activities`): the
 * activities offered to the patient (GET clinical-activities/available, 25 a page by title), the
 * recommended ones first with a badge, each with Start, or Resume for a run left pending
 * (clinical_activities.create); one not available is greyed with its reason. Start opens the runner
 * in a dialog. The patient's runs are the tab's list under it.
 */
export function AvailableActivitiesWidget() {
  const environment = useScreenEnvironment();
  const { record } = useScreenScope();
  const patientId = typeof record?.id === 'number' ? record.id : null;
  const user = record?.user as { full_name?: unknown } | undefined;
  const patientName = typeof user?.full_name === 'string' ? user.full_name : null;
  const [page, setPage] = useState(1);
  const [running, setRunning] = useState<RunTarget | null>(null);
  const available = useAvailableActivities(patientId, page);
  const mayStart = Boolean(environment.permissions['clinical_activities.create']);
  const timeZone = timeZoneOf(environment);
  const total = available.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / AVAILABLE_PAGE_SIZE));

  return (
    <section aria-labelledby="available-activities" className="mb-4 space-y-3">
      <h3 id="available-activities" className="text-sm font-semibold text-slate-900">
        Available activities
      </h3>
      {available.isPending && patientId !== null && <Loading />}
      {available.isError && <ErrorMessage error={new Error(ACTIVITY_TEXTS.loadError)} onRetry={() => void available.refetch()} />}
      {available.data && available.data.data.length === 0 && <p className="text-sm text-slate-500">{ACTIVITY_TEXTS.noneAvailable}</p>}
      {available.data && available.data.data.length > 0 && (
        <ul className="space-y-2">
          {availableInOrder(available.data.data).map((entry) => (
            <AvailableActivity
              key={entry.activity_template.id}
              entry={entry}
              mayStart={mayStart}
              timeZone={timeZone}
              onStart={() =>
                patientId !== null &&
                setRunning({
                  patientId,
                  templateId: entry.activity_template.id,
                  title: entry.activity_template.activity_title,
                  pendingId: entry.pending_clinical_activity_instance_id,
                })
              }
            />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Available activities pages" className="flex items-center justify-between text-sm text-slate-600">
          <Button onClick={() => setPage(page - 1)} disabled={page <= 1}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button onClick={() => setPage(page + 1)} disabled={page >= pages}>
            Next
          </Button>
        </nav>
      )}
      <h3 className="border-t border-slate-200 pt-3 text-sm font-semibold text-slate-900">Past activities</h3>
      {running && <ActivityRunDialog target={running} patientName={patientName} onClose={() => setRunning(null)} />}
    </section>
  );
}
