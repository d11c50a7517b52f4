import { useId, useState } from 'react';
import type { Id } from '../../api/dataProvider';
import { timeZoneOf } from '../../renderer/core/context';
import { formatDateTime } from '../../renderer/core/format';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { Button } from '../../ui/Button';
import { activityLines } from './taskActivityFormat';
import { useTaskActivities } from './useTaskActivities';

/** Spec 001 section 8: "Activities load failure: 'Error loading activities'". */
export const ACTIVITIES_FAILED = 'Error loading activities';

/**
 * A task's history behind a disclosure button: its activities, newest first, read when it opens.
 * The button is named after the task, so that a list of them reads apart.
 */
export function TaskActivities({ taskId, title }: { taskId: Id; title: string }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const { activities, failed, retry } = useTaskActivities(taskId, open);
  const timeZone = timeZoneOf(useScreenEnvironment());
  const lines = activities && activityLines(activities);
  return (
    <div className="mt-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? regionId : undefined}
        aria-label={`Activity of ${title}`}
        onClick={() => setOpen(!open)}
        className="inline-flex items-center gap-1 rounded text-xs font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        Activity
      </button>
      {open && (
        <div id={regionId} className="mt-1 border-l-2 border-slate-200 pl-2 text-xs">
          {failed && (
            <p role="alert" className="flex flex-wrap items-center gap-2 text-red-800">
              {ACTIVITIES_FAILED}
              <Button variant="ghost" onClick={retry}>
                Retry
              </Button>
            </p>
          )}
          {!failed && !lines && (
            <p role="status" className="text-slate-500">
              Loading…
            </p>
          )}
          {lines?.length === 0 && <p className="text-slate-500">No activity yet</p>}
          {lines && lines.length > 0 && (
            <ol className="space-y-1.5">
              {lines.map((line) => (
                <li key={line.id} className="break-words">
                  <span className="font-medium text-slate-800">{line.label}</span>
                  <span className="text-slate-600">
                    {line.by && ` by ${line.by}`}
                    {line.at && ` on ${formatDateTime(line.at, timeZone)}`}
                  </span>
                  {line.description && <p className="whitespace-pre-line text-slate-700">{line.description}</p>}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
