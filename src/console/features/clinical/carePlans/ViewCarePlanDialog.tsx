import { EMPTY_TEXT, formatDate } from '../../../renderer/core/format';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { StatusBadge } from './CarePlanBadge';
import { carePlanStatus, type CarePlan } from './carePlanRecords';
import { CarePlanSections } from './CarePlanSections';
import type { CarePlansController } from './useCarePlans';

function Facts({ plan, timeZone }: { plan: CarePlan; timeZone: string }) {
  const date = (value: unknown) => (value ? formatDate(value, timeZone) : EMPTY_TEXT);
  const facts: [string, string][] = [
    ['Created', date(plan.created_at)],
    ['Activated', date(plan.activated_at)],
    ['Deactivated', date(plan.deactivated_at)],
    ['Last reviewed', plan.last_reviewed_at ? date(plan.last_reviewed_at) : 'Never'],
    ['Revision', String(plan.revision)],
  ];
  return (
    <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="flex gap-1">
          <dt className="text-slate-500">{term}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A plan read only, whatever its status: its facts and its 12 sections. */
export function ViewCarePlanDialog({ carePlans, timeZone }: { carePlans: CarePlansController; timeZone: string }) {
  const { dialog } = carePlans;
  const plan = dialog.kind === 'view' ? dialog.plan : undefined;
  const status = plan ? carePlanStatus(plan) : undefined;
  return (
    <Modal open={plan !== undefined} title={plan?.plan_name ?? ''} width="xl" onClose={carePlans.close}>
      {plan && status && (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-3">
            <StatusBadge status={status} />
            <Facts plan={plan} timeZone={timeZone} />
          </div>
          {status === 'deactivated' && <p className="text-sm text-slate-600">This care plan was deactivated and can no longer be changed.</p>}
          {status === 'draft' && <p className="text-sm text-slate-600">This care plan is a draft: it takes effect once activated.</p>}
          <CarePlanSections content={plan.content} />
          <div className="flex justify-end">
            <Button onClick={carePlans.close}>Close</Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
