import { useState } from 'react';
import { entityOf } from '../../core/entityFields';
import { formInitialData } from '../../core/formSchema';
import { at } from '../../core/resolve';
import { SchemaForm } from '../../rjsf/SchemaForm';
import { useEvalContext, useScreenScope } from '../../scopeContext';
import { Button } from '../../skin/Button';
import { Modal } from '../../skin/Modal';
import type { ActionProps } from './actionTypes';
import { useSendAction } from './useSendAction';

/** A button that opens a form in a dialog and sends it (an `update_action` by PUT unless said otherwise). */
export function DialogFormAction({ action, resource, location, disabled }: ActionProps<Extract<ActionProps['action'], { type: 'dialog_form' }>>) {
  const [open, setOpen] = useState(false);
  const { screenId, record } = useScreenScope();
  const context = useEvalContext();
  const send = useSendAction(action, { resource, onDone: () => setOpen(false) });
  const entity = entityOf({ resource: action.resource ?? resource }, at(location, 'resource'));
  return (
    <>
      <Button disabled={disabled} onClick={() => setOpen(true)}>
        {action.label}
      </Button>
      <Modal open={open} title={action.title ?? action.label} onClose={() => setOpen(false)}>
        {open && (
          <SchemaForm
            form={action.form}
            entity={entity}
            initialData={formInitialData(action.form, action.method === 'create' ? undefined : record)}
            draftKey={`${screenId}:${String(record?.id ?? '')}:${action.name}`}
            context={context}
            onSubmit={(data) => send.mutateAsync(data)}
            onCancel={() => setOpen(false)}
          />
        )}
      </Modal>
    </>
  );
}
