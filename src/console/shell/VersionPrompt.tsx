import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { useVersionCheck } from './useVersionCheck';

/** The new-version prompt (spec 000 sections 2.8 and 4.2): Skip, or Update (reload). */
export function VersionPrompt() {
  const { available, skip } = useVersionCheck();
  return (
    <Modal open={available !== undefined} title="A new version is available" onClose={skip} width="md">
      <div className="text-sm text-slate-700">
        <p>Version {available?.version} of the console has been deployed. Update to load it; unsaved changes on this page will be lost.</p>
        <div className="mt-6 flex justify-end gap-3">
          <Button size="md" onClick={skip}>
            Skip
          </Button>
          <Button size="md" variant="primary" onClick={() => window.location.reload()}>
            Update
          </Button>
        </div>
      </div>
    </Modal>
  );
}
