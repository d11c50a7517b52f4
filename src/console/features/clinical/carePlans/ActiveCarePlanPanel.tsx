import { useId } from 'react';
import { formatDate } from '../../../renderer/core/format';
import { ErrorMessage, Loading } from '../../../renderer/skin/StatusViews';
import { Button } from '../../../ui/Button';
import { StatusBadge } from './CarePlanBadge';
import { CARE_PLAN_TEXTS, canEdit, type CarePlan } from './carePlanRecords';
import { CarePlanSections } from './CarePlanSections';
import type { CarePlansController } from './useCarePlans';

interface PanelProps {
  carePlans: CarePlansController;
  canWrite: boolean;
  timeZone: string;
}

/** The calm screen of a patient without an active plan: what to do, and the way to start. */
function NoActivePlan({ carePlans, canWrite }: Omit<PanelProps, 'timeZone'>) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-md border border-dashed border-slate-300 px-4 py-10 text-center">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {CARE_PLAN_TEXTS.noActive}
      </h3>
      <p className="mx-auto mt-1 max-w-prose text-sm text-slate-600">
        A care plan is created from a template, then activated to become the patient’s active plan.
      </p>
      {canWrite && (
        <div className="mt-4">
          <Button variant="primary" onClick={() => carePlans.open({ kind: 'create' })}>
            Create Care Plan
          </Button>
        </div>
      )}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div className="flex gap-1">
      <dt className="text-slate-500">{term}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function ActivePlan({ plan, carePlans, canWrite, timeZone }: PanelProps & { plan: CarePlan }) {
  const headingId = useId();
  const { pending } = carePlans;
  return (
    <div className="space-y-4">
      <section aria-labelledby={headingId} className="rounded-md bg-slate-50 p-4 ring-1 ring-slate-200">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={headingId} className="text-base font-semibold break-words text-slate-900">
                {plan.plan_name}
              </h3>
              <StatusBadge status="active" />
            </div>
            <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">
              <Fact term="Active since">{formatDate(plan.activated_at, timeZone)}</Fact>
              <Fact term="Last reviewed">{plan.last_reviewed_at ? formatDate(plan.last_reviewed_at, timeZone) : 'Never'}</Fact>
              <Fact term="Revision">{String(plan.revision)}</Fact>
            </dl>
          </div>
          <div className="flex flex-wrap gap-2">
            {canWrite && (
              <>
                <Button variant="primary" disabled={pending.review} onClick={() => carePlans.review(plan)}>
                  Review Without Changes
                </Button>
                {canEdit(plan) && <Button onClick={() => carePlans.open({ kind: 'edit', plan })}>Edit</Button>}
              </>
            )}
            <Button onClick={() => carePlans.open({ kind: 'history', plan })}>History</Button>
          </div>
        </div>
      </section>
      <CarePlanSections content={plan.content} />
    </div>
  );
}

/** The 'Active Care Plan' tab: the plan with its facts, actions and sections, or 'No Active Care Plan'. */
export function ActiveCarePlanPanel(props: PanelProps) {
  const { active } = props.carePlans;
  if (active.isPending) return <Loading />;
  if (active.isError) return <ErrorMessage error={active.error} onRetry={() => void active.refetch()} />;
  if (!active.data) return <NoActivePlan carePlans={props.carePlans} canWrite={props.canWrite} />;
  return <ActivePlan plan={active.data} {...props} />;
}
