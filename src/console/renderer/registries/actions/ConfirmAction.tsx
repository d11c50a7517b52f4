import { useState } from 'react';
import { fillTemplate } from '../../core/templates';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import type { ActionProps } from './actionTypes';
import { useActionLoad } from './useActionLoad';
import { useSendAction } from './useSendAction';

/** A button that asks first, then sends (Mark as Received). */
export function ConfirmAction({ action, resource, disabled, disabledReason }: ActionProps<Extract<ActionProps['action'], { type: 'confirm' }>>) {
  const [open, setOpen] = useState(false);
  const loaded = useActionLoad(action, open);
  const send = useSendAction(action, { resource, onDone: () => setOpen(false) });
  return (
    <>
      <Button disabled={disabled || !loaded.enabled} disabledReason={disabledReason} onClick={() => setOpen(true)}>
        {action.label}
      </Button>
      <Modal open={open} title={action.title ?? action.label} onClose={() => setOpen(false)}>
        <p className="text-sm text-slate-700">{fillTemplate(action.message, loaded.context)}</p>
        <div className="mt-6 flex justify-end gap-2">
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant={action.method === 'delete' ? 'danger' : 'primary'} disabled={send.isPending} onClick={() => send.mutate(undefined)}>
            {action.submitLabel ?? 'Confirm'}
          </Button>
        </div>
      </Modal>
    </>
  );
}
