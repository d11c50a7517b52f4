import { EMPTY_TEXT, formatDateTime } from '../../../renderer/core/format';
import { ScrollRegion } from '../../../renderer/skin/ScrollRegion';
import { EmptyState, ErrorMessage, Loading } from '../../../renderer/skin/StatusViews';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { revisionKindLabel, type CarePlan } from './carePlanRecords';
import { useCarePlanRevisions } from './useCarePlanData';
import type { CarePlansController } from './useCarePlans';

export const HISTORY_TITLE = 'Care Plan History';

const HEAD = 'whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
const CELL = 'px-3 py-2 text-slate-700';

/** The plan's changes, newest first: the revision they made, what they were, who made them and when. */
function Revisions({ plan, timeZone }: { plan: CarePlan; timeZone: string }) {
  const revisions = useCarePlanRevisions(plan.id);
  if (revisions.isPending) return <Loading />;
  if (revisions.isError) return <ErrorMessage error={revisions.error} onRetry={() => void revisions.refetch()} />;
  if (revisions.data.length === 0) return <EmptyState>No changes recorded.</EmptyState>;
  return (
    <ScrollRegion label="Care plan history table" className="rounded-md ring-1 ring-slate-200">
      {() => (
        <table className="min-w-full text-sm">
          <caption className="sr-only">Changes of {plan.plan_name}, newest first</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={HEAD}>
                Revision
              </th>
              <th scope="col" className={HEAD}>
                Change
              </th>
              <th scope="col" className={HEAD}>
                By
              </th>
              <th scope="col" className={HEAD}>
                Date
              </th>
            </tr>
          </thead>
          <tbody>
            {[...revisions.data].reverse().map((revision) => (
              <tr key={revision.id} className="border-t border-slate-200">
                <td className={`${CELL} tabular-nums`}>{revision.revision}</td>
                <th scope="row" className={`${CELL} text-left font-medium text-slate-900`}>
                  {revisionKindLabel(revision.kind)}
                </th>
                <td className={CELL}>{revision.author_name || EMPTY_TEXT}</td>
                <td className={`${CELL} whitespace-nowrap tabular-nums`}>{formatDateTime(revision.created_at, timeZone)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ScrollRegion>
  );
}

/** History: every creation, edit, revision, review, activation and deactivation of a plan. */
export function CarePlanHistoryDialog({ carePlans, timeZone }: { carePlans: CarePlansController; timeZone: string }) {
  const { dialog } = carePlans;
  const open = dialog.kind === 'history';
  return (
    <Modal open={open} title={HISTORY_TITLE} onClose={carePlans.close}>
      {open && (
        <>
          <p className="mb-3 text-sm font-medium break-words text-slate-900">{dialog.plan.plan_name}</p>
          <Revisions plan={dialog.plan} timeZone={timeZone} />
          <div className="mt-6 flex justify-end">
            <Button onClick={carePlans.close}>Close</Button>
          </div>
        </>
      )}
    </Modal>
  );
}
