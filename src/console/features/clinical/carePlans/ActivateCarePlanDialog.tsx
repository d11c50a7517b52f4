import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import type { CarePlansController } from './useCarePlans';

export const ACTIVATE_TITLE = 'Activate this care plan?';

/**
 * Asked before a draft replaces the active plan: the active one is then deactivated, and a
 * deactivated plan can never be edited or activated again.
 */
export function ActivateCarePlanDialog({ carePlans }: { carePlans: CarePlansController }) {
  const { dialog } = carePlans;
  const open = dialog.kind === 'activate';
  return (
    <Modal open={open} title={ACTIVATE_TITLE} role="alertdialog" width="md" onClose={carePlans.close}>
      {open && (
        <>
          <p className="text-sm text-slate-700">
            <span className="font-medium text-slate-900">{dialog.plan.plan_name}</span> becomes the patient’s active care plan.{' '}
            <span className="font-medium text-slate-900">{dialog.replacing.plan_name}</span>, active now, will be deactivated and read only from then on.
          </p>
          <div className="mt-6 flex justify-end gap-2">
            <Button onClick={carePlans.close}>Cancel</Button>
            <Button variant="primary" disabled={carePlans.pending.activating !== undefined} onClick={carePlans.confirmActivate}>
              Activate
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
