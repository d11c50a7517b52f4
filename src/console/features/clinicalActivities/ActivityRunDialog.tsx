import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useRef } from 'react';
import { ACTIVITY_TEXTS, type ActivityData } from '../../../domain/clinicalActivities';
import { useNotify } from '../../renderer/skin/toasts';
import { ErrorMessage, Loading } from '../../renderer/skin/StatusViews';
import { ActivityRunner } from './runner/ActivityRunner';
import { useOpenedRun, useRefreshAfterRun, useRunWrites, type OpenedRun, type RunTarget } from './useActivityCalls';

interface ActivityRunDialogProps {
  target: RunTarget;
  patientName: string | null;
  onClose: () => void;
}

/** The runner on a run that exists: its writes, and what follows a completion or a discard. */
function LiveRun({ run, onClose }: { run: OpenedRun; onClose: () => void }) {
  const writes = useRunWrites(run.instance.id);
  const notify = useNotify();
  const submit = async (data: ActivityData) => {
    await writes.complete(data);
    notify(ACTIVITY_TEXTS.completed);
    onClose();
    await writes.refresh();
  };
  const cancel = () => {
    // Cancel or discard deletes the run (spec 001 section 4); closing the dialog keeps it to resume.
    writes.discard().then(
      () => writes.refresh(),
      (error: unknown) => notify(error instanceof Error ? error.message : String(error), 'error'),
    );
    onClose();
  };
  return (
    <ActivityRunner template={run.template} initialData={run.instance.data_json ?? {}} mode="live" onSave={writes.save} onSubmit={submit} onCancel={cancel} />
  );
}

/**
 * A run in a large dialog (full screen on a phone): the runner in live mode over the run started or
 * resumed. Its close button keeps the run (what is not yet saved is saved as the runner goes), which
 * the Activity tab then offers to resume.
 */
export function ActivityRunDialog({ target, patientName, onClose }: ActivityRunDialogProps) {
  const run = useOpenedRun(target);
  const refresh = useRefreshAfterRun();
  const close = () => {
    onClose();
    void refresh();
  };
  // Once the run is there, the keyboard and a screen reader start at its step's heading (the dialog opened on its close button).
  const body = useRef<HTMLDivElement>(null);
  const ready = run.data !== undefined;
  useEffect(() => {
    if (ready) body.current?.querySelector<HTMLElement>('h3[tabindex="-1"]')?.focus();
  }, [ready]);
  return (
    <Dialog open onClose={close} className="fixed inset-0 z-50 flex items-stretch justify-center md:items-center md:p-6">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <DialogPanel className="relative flex h-full w-full flex-col bg-white shadow-xl md:h-auto md:max-h-[92vh] md:max-w-6xl md:rounded-lg">
        <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 py-3 md:px-6">
          <div className="min-w-0">
            <DialogTitle className="truncate text-lg font-semibold text-slate-900">{target.title}</DialogTitle>
            {patientName && <p className="truncate text-sm text-slate-600">{patientName}</p>}
          </div>
          <button
            type="button"
            onClick={close}
            aria-label="Close (resume later)"
            title="Close (resume later)"
            className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            <span aria-hidden="true" className="block h-5 w-5 text-center text-xl leading-5">
              ×
            </span>
          </button>
        </div>
        <div ref={body} className="min-h-0 flex-1 overflow-y-auto px-4 pt-4 md:px-6 md:pt-6">
          {run.isPending && <Loading />}
          {run.error && (
            <div className="pb-4">
              <ErrorMessage error={run.error} />
            </div>
          )}
          {run.data && <LiveRun run={run.data} onClose={onClose} />}
        </div>
      </DialogPanel>
    </Dialog>
  );
}
