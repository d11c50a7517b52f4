import { EMPTY_TEXT, formatDate } from '../../../renderer/core/format';
import { ScrollRegion } from '../../../renderer/skin/ScrollRegion';
import { EmptyState, ErrorMessage, Loading, StaleNotice } from '../../../renderer/skin/StatusViews';
import { Button } from '../../../ui/Button';
import { StatusBadge } from './CarePlanBadge';
import { CARE_PLAN_LIST_SIZE, canActivate, carePlanStatus, type CarePlan } from './carePlanRecords';
import type { CarePlansController } from './useCarePlans';

interface PanelProps {
  carePlans: CarePlansController;
  canWrite: boolean;
  timeZone: string;
}

const HEAD = 'whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
const CELL = 'whitespace-nowrap px-3 py-2 text-slate-700';

/** A row's button, named with its plan for a screen reader ('Activate Heart Failure Care Plan'); its visible word starts the name. */
function RowButton({ label, plan, ...props }: { label: string; plan: CarePlan } & Parameters<typeof Button>[0]) {
  return (
    <Button aria-label={`${label} ${plan.plan_name}`} {...props}>
      {label}
    </Button>
  );
}

function PlanRow({ plan, carePlans, canWrite, timeZone }: PanelProps & { plan: CarePlan }) {
  const status = carePlanStatus(plan);
  const date = (value: unknown) => (value ? formatDate(value, timeZone) : EMPTY_TEXT);
  const activating = carePlans.pending.activating;
  return (
    <tr className="border-t border-slate-200">
      <th scope="row" className="max-w-64 px-3 py-2 text-left font-medium break-words text-slate-900">
        {plan.plan_name}
      </th>
      <td className={CELL}>
        <StatusBadge status={status} />
      </td>
      <td className={CELL}>{date(plan.created_at)}</td>
      <td className={CELL}>{date(plan.activated_at)}</td>
      <td className={CELL}>{date(plan.deactivated_at)}</td>
      <td className={CELL}>{date(plan.last_reviewed_at)}</td>
      <td className="px-3 py-2">
        <div className="flex justify-end gap-2">
          <RowButton label="View" plan={plan} onClick={() => carePlans.open({ kind: 'view', plan })} />
          {canWrite && canActivate(plan) && (
            <RowButton label="Activate" plan={plan} variant="primary" disabled={activating !== undefined} onClick={() => carePlans.activate(plan)} />
          )}
          {canWrite && status === 'draft' && <RowButton label="Edit" plan={plan} onClick={() => carePlans.open({ kind: 'edit', plan })} />}
        </div>
      </td>
    </tr>
  );
}

/**
 * The 'All Care Plans' tab: Create Care Plan, then the patient's 10 newest plans. Drafts can be
 * activated and edited; the active plan is edited from its own tab; deactivated plans are read only.
 */
export function AllCarePlansPanel(props: PanelProps) {
  const { carePlans, canWrite } = props;
  const { list } = carePlans;
  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  return (
    <div className="space-y-3">
      {canWrite && (
        <div className="flex justify-end">
          <Button variant="primary" onClick={() => carePlans.open({ kind: 'create' })}>
            Create Care Plan
          </Button>
        </div>
      )}
      {list.isPending ? (
        <Loading />
      ) : list.isError && !list.data ? (
        <ErrorMessage error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>This patient has no care plans yet.</EmptyState>
      ) : (
        <>
          {list.isError && <StaleNotice error={list.error} onRetry={() => void list.refetch()} />}
          <ScrollRegion label="Care plans table" className="rounded-md ring-1 ring-slate-200">
            {() => (
              <table className="min-w-full text-sm">
                <caption className="sr-only">Care plans, newest first</caption>
                <thead className="bg-slate-50">
                  <tr>
                    <th scope="col" className={HEAD}>
                      Name
                    </th>
                    <th scope="col" className={HEAD}>
                      Status
                    </th>
                    <th scope="col" className={HEAD}>
                      Created
                    </th>
                    <th scope="col" className={HEAD}>
                      Activated
                    </th>
                    <th scope="col" className={HEAD}>
                      Deactivated
                    </th>
                    <th scope="col" className={HEAD}>
                      Last reviewed
                    </th>
                    <th scope="col" className={HEAD}>
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((plan) => (
                    <PlanRow key={plan.id} plan={plan} {...props} />
                  ))}
                </tbody>
              </table>
            )}
          </ScrollRegion>
          {total > rows.length && (
            <p className="text-xs text-slate-500">
              The {CARE_PLAN_LIST_SIZE} most recent of {total} care plans.
            </p>
          )}
        </>
      )}
    </div>
  );
}
