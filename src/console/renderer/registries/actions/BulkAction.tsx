import { useContext, useState } from 'react';
import type { Id } from '../../../api/dataProvider';
import { getPath } from '../../core/context';
import { entityOf } from '../../core/entityFields';
import { at } from '../../core/resolve';
import { useScreenRegistries } from '../../environmentContext';
import { LazySchemaForm } from '../../rjsf/LazySchemaForm';
import { useEvalContext, useScreenScope } from '../../scopeContext';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { ListContext } from '../../kinds/list/ListContext';
import type { ActionProps } from './actionTypes';
import { useSendAction } from './useSendAction';

/**
 * An action on the selected rows: PUT /{resource} with {ids, data}, a `path` with the ids, or one
 * request per row (`perRow`, core/actionRequest.ts). With a form it asks for the values first (bulk
 * edit); otherwise it confirms with its message (or straight away without one). `idPath` sends a
 * field of each selected row as its id (a patient's account id).
 */
export function BulkAction({
  action,
  resource,
  location,
  disabled,
  disabledReason,
  ids: rowIds = [],
  onDone,
}: ActionProps<Extract<ActionProps['action'], { type: 'bulk' }>>) {
  const [open, setOpen] = useState(false);
  const list = useContext(ListContext);
  const idPath = action.idPath;
  // With idPath, each selected row's field (user.id) instead of its id; a row the list never showed cannot be named.
  const ids =
    idPath === undefined
      ? rowIds
      : rowIds.map((id) => getPath(list?.rowOf(id), idPath)).filter((id): id is Id => typeof id === 'number' || typeof id === 'string');
  const { screenId } = useScreenScope();
  const context = useEvalContext();
  const registries = useScreenRegistries();
  const send = useSendAction(action, {
    resource,
    ids,
    onDone: () => {
      setOpen(false);
      onDone?.();
    },
  });
  const asks = action.form !== undefined || action.message !== undefined;
  return (
    <>
      <Button disabled={disabled || ids.length === 0} disabledReason={disabledReason} onClick={() => (asks ? setOpen(true) : send.mutate(undefined))}>
        {action.label}
      </Button>
      {asks && (
        <Modal open={open} title={action.title ?? action.label} onClose={() => setOpen(false)}>
          {action.message && <p className="mb-4 text-sm text-slate-700">{action.message}</p>}
          {action.form ? (
            open && (
              <LazySchemaForm
                form={action.form}
                entity={entityOf(
                  { resource: action.resource ?? resource, ...(action.entity === undefined ? {} : { entity: action.entity }) },
                  at(location, action.entity === undefined ? 'resource' : 'entity'),
                  registries,
                )}
                initialData={{}}
                draftKey={`${screenId}:bulk:${action.name}`}
                context={context}
                onSubmit={(data) => send.mutateAsync(data)}
                onCancel={() => setOpen(false)}
              />
            )
          ) : (
            <div className="flex justify-end gap-2">
              <Button onClick={() => setOpen(false)}>Cancel</Button>
              <Button variant="primary" disabled={send.isPending} onClick={() => send.mutate(undefined)}>
                Confirm
              </Button>
            </div>
          )}
        </Modal>
      )}
    </>
  );
}
