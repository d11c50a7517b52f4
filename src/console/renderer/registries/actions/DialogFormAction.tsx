import { useState } from 'react';
import { entityOf } from '../../core/entityFields';
import { plainText } from '../../core/format';
import { deleteIn } from '../../core/formPaths';
import { formInitialData } from '../../core/formSchema';
import type { ApiRow } from '../../core/context';
import { at } from '../../core/resolve';
import { useScreenRegistries } from '../../environmentContext';
import { LazySchemaForm } from '../../rjsf/LazySchemaForm';
import { useScreenScope } from '../../scopeContext';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { ErrorMessage, Loading } from '../../skin/StatusViews';
import type { ActionProps } from './actionTypes';
import { useActionLoad } from './useActionLoad';
import { useSendAction } from './useSendAction';

/**
 * A button that opens a form in a dialog and sends it (an `update_action` by PUT unless said
 * otherwise), after the action's `load` when it names one.
 */
export function DialogFormAction({
  action,
  resource,
  location,
  disabled,
  disabledReason,
}: ActionProps<Extract<ActionProps['action'], { type: 'dialog_form' }>>) {
  const [open, setOpen] = useState(false);
  const { screenId, record } = useScreenScope();
  const loaded = useActionLoad(action, open);
  const send = useSendAction(action, { resource, onDone: () => setOpen(false) });
  const entity = entityOf(
    { resource: action.resource ?? resource, ...(action.entity === undefined ? {} : { entity: action.entity }) },
    at(location, action.entity === undefined ? 'resource' : 'entity'),
    useScreenRegistries(),
  );
  return (
    <>
      <Button disabled={disabled || !loaded.enabled} disabledReason={disabledReason} onClick={() => setOpen(true)}>
        {action.label}
      </Button>
      <Modal open={open} title={action.title ?? action.label} onClose={() => setOpen(false)}>
        {open && loaded.error && <ErrorMessage error={loaded.error} />}
        {open && !loaded.ready && !loaded.error && <Loading />}
        {open && loaded.ready && (
          <LazySchemaForm
            form={action.form}
            entity={entity}
            initialData={dialogInitialData(action, record)}
            draftKey={`${screenId}:${plainText(record?.id ?? '')}:${action.name}`}
            context={loaded.context}
            onSubmit={(data) => send.mutateAsync(data)}
            onCancel={() => setOpen(false)}
          />
        )}
      </Modal>
    </>
  );
}

/** What the dialog's form starts from: the record for an edit; nothing for a create, or the row's values less `prefill.omit` for a copy. */
function dialogInitialData(action: Extract<ActionProps['action'], { type: 'dialog_form' }>, record: ApiRow | undefined): ApiRow {
  if (action.method !== 'create') return formInitialData(action.form, record);
  if (!action.prefill) return {};
  return (action.prefill.omit ?? []).reduce((data, field) => deleteIn(data, field), formInitialData(action.form, record));
}
