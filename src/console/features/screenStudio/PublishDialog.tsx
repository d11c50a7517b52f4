import { useState } from 'react';
import { useNotify } from '../../renderer/skin/toasts';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/TextField';
import { useStudioWrites } from './studioCalls';

export interface ReleaseScreen {
  id: string;
  revision: number;
  changes: readonly string[];
}

/**
 * Publishes drafts as one named release (screens.publish): the screens with their changes in words,
 * a name and a note. The server refuses, all or nothing, what fails its checks or moved on since.
 */
export function PublishDialog({ screens, onClose }: { screens: readonly ReleaseScreen[]; onClose: () => void }) {
  const writes = useStudioWrites();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const publish = () =>
    void writes.publish.mutateAsync({ name: name.trim(), note, screens: screens.map(({ id, revision }) => ({ id, revision })) }).then(
      () => {
        notify(`Published "${name.trim()}"`);
        onClose();
      },
      (failure: Error) => setError(failure.message),
    );
  return (
    <Modal open title="Publish a release" onClose={onClose}>
      <div className="space-y-3">
        <ul aria-label="Screens in this release" className="space-y-2 text-sm">
          {screens.map((screen) => (
            <li key={screen.id}>
              <p className="font-medium text-slate-900">{screen.id}</p>
              <ul className="list-disc pl-5 text-slate-700">
                {screen.changes.length === 0 ? (
                  <li>No changes from the version in force</li>
                ) : (
                  screen.changes.map((change, i) => <li key={`${i}:${change}`}>{change}</li>)
                )}
              </ul>
            </li>
          ))}
        </ul>
        <TextField label="Release name" value={name} onChange={(event) => setName(event.target.value)} maxLength={200} />
        <TextField label="Note" value={note} onChange={(event) => setNote(event.target.value)} maxLength={2000} />
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={publish} disabled={name.trim() === '' || writes.publish.isPending}>
            Publish
          </Button>
        </div>
      </div>
    </Modal>
  );
}
