import { useId, useState } from 'react';
import { useEvalContext } from '../../renderer/scopeContext';
import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { useOffboardProvider } from './useOffboardProvider';

/**
 * The provider's Offboard section (spec 002 sections 2 and 4): offboarding is irreversible and removes all of
 * the provider's data, so the dialog asks for the provider's name typed exactly before its button works.
 */
export function OffboardProviderWidget() {
  const record = useEvalContext().record as { id?: unknown; name?: unknown } | undefined;
  const name = typeof record?.name === 'string' ? record.name : '';
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const offboard = useOffboardProvider(record?.id);
  const inputId = useId();
  const close = () => {
    setOpen(false);
    setTyped('');
  };
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">Offboarding is irreversible: it removes all of the provider&apos;s data.</p>
      <Button variant="danger" onClick={() => setOpen(true)} disabled={record?.id === undefined}>
        Offboard Provider
      </Button>
      <Modal open={open} title="Offboard Provider" onClose={close} width="md">
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (typed === name && name !== '') offboard.mutate(typed);
          }}
        >
          <p className="text-sm text-slate-700">
            This removes all of <strong className="break-words">{name}</strong>&apos;s data and cannot be undone.
          </p>
          <div>
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
              Type the provider&apos;s name to confirm
            </label>
            <input id={inputId} className={`${INPUT_CLASSES} mt-1`} value={typed} autoComplete="off" onChange={(event) => setTyped(event.target.value)} />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="danger" disabled={typed !== name || name === '' || offboard.isPending}>
              {offboard.isPending ? 'Offboarding…' : 'Offboard'}
            </Button>
          </div>
        </form>
      </Modal>
    </div>
  );
}
