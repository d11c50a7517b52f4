import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useEffect, useMemo, useState } from 'react';
import { describePointer } from '../../../domain/screenDiff';
import { useNavigationBlocker } from '../../navigation/useNavigationBlocker';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { useScreenScope } from '../../renderer/scopeContext';
import { ErrorMessage, Loading } from '../../renderer/skin/StatusViews';
import { TAB_CLASSES } from '../../renderer/skin/tabClasses';
import { useNotify } from '../../renderer/skin/toasts';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { onDemandComponent } from '../../ui/OnDemandComponent';
import { HistoryPanel } from './HistoryPanel';
import { PreviewPanel } from './PreviewPanel';
import { changesBetween } from './screenChanges';
import { PublishDialog } from './PublishDialog';
import { placedInEditor, StructuredEditor } from './StructuredEditor';
import { useCheck, useStudioScreen, useStudioWrites, type Definition, type StudioScreenDetail } from './studioCalls';
import { formatWhen } from './studioTexts';
import { useUndoable } from './useUndoable';

const JsonEditor = onDemandComponent(() => import('./JsonEditor').then((m) => m.JsonEditor), { loading: <Loading /> });

/** How long the working definition must rest before it is checked again (the problems "as you type"). */
const CHECK_AFTER_MS = 400;

function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The editor of /screen-studio/{id}: the widget `screen_studio_editor`. */
export function ScreenStudioEditorWidget() {
  const id = String(useScreenScope().params.id ?? '');
  const screen = useStudioScreen(id);
  if (screen.isPending) return <Loading />;
  if (screen.isError) return <ErrorMessage error={screen.error} onRetry={() => void screen.refetch()} />;
  // A new history when the draft is saved by anyone, published or discarded.
  return <Editor key={`${screen.data.version}:${screen.data.draft?.revision ?? 0}`} screen={screen.data} />;
}

const TABS = ['Edit', 'JSON', 'Changes', 'Preview', 'History'] as const;

function Editor({ screen }: { screen: StudioScreenDetail }) {
  const { permissions } = useScreenEnvironment();
  const notify = useNotify();
  const writes = useStudioWrites(screen.id);
  const start = screen.draft?.definition ?? screen.definition;
  const working = useUndoable<Definition>(start);
  const definition = working.value;
  const dirty = JSON.stringify(definition) !== JSON.stringify(start);
  const leave = useNavigationBlocker(dirty);
  void leave;
  const settled = useSettled(definition, CHECK_AFTER_MS);
  const check = useCheck(screen.id, settled);
  const problems = check.data?.problems ?? [];
  const requiredByServer = check.data?.required_by_server ?? [];
  const changes = useMemo(() => changesBetween(screen.definition, definition), [screen.definition, definition]);
  const [tab, setTab] = useState(0);
  const [publishing, setPublishing] = useState(false);
  const canPublish = permissions['screens.publish'] !== undefined;
  const draft = screen.draft;

  // The answer reloads the screen and starts a new editor (a new revision): the toasts follow the
  // promise, which settles whether or not this editor is still mounted.
  const report = (done: Promise<unknown>, success: string, failure: string) =>
    void done.then(
      () => notify(success),
      (error: Error) => notify(`${failure}: ${error.message}`, 'error'),
    );
  const save = () => report(writes.saveDraft.mutateAsync({ definition, revision: draft?.revision ?? null }), 'Draft saved', 'The draft was not saved');
  const discard = () => draft && report(writes.discardDraft.mutateAsync(draft.revision), 'Draft discarded', 'The draft was not discarded');
  const submit = () => draft && report(writes.submitDraft.mutateAsync(draft.revision), 'Draft submitted for review', 'The draft was not submitted');

  const placed = placedInEditor(definition);
  const general = problems.filter((problem) => !placed(problem.path));
  return (
    <div className="space-y-4">
      <div className="space-y-2 text-sm text-slate-700">
        <p>
          {`Version ${screen.version} in force, `}
          {screen.source === 'file'
            ? 'from the file shipped with the console'
            : `published ${formatWhen(screen.published_at)} by ${screen.published_by_name ?? 'someone'}`}
          {screen.route ? ` · ${screen.route}` : ''}
        </p>
        {screen.file_newer && (
          <Notice tone="info">{`The file shipped with the console (version ${String(screen.file_version)}) is newer than the last published version (${String(screen.published_version)}), which is therefore not served.`}</Notice>
        )}
        {draft ? (
          <p>
            {`Draft revision ${draft.revision}, saved ${formatWhen(draft.updated_at)} by ${draft.updated_by_name ?? 'someone'}`}
            {draft.submitted_at ? ` · submitted for review ${formatWhen(draft.submitted_at)} by ${draft.submitted_by_name ?? 'someone'}` : ''}
          </p>
        ) : (
          <p>No draft: your first save starts one from the version in force.</p>
        )}
        {screen.draft_stale && (
          <Notice tone="warning">
            {`The screen changed since this draft was started (version ${screen.version} is in force, the draft is based on ${String(draft?.base_version)}). It cannot be published: discard it and start again.`}
          </Notice>
        )}
      </div>

      <div className="flex flex-wrap gap-2">
        <Button variant="primary" onClick={save} disabled={!dirty || writes.saveDraft.isPending}>
          Save draft
        </Button>
        <Button onClick={working.undo} disabled={!working.canUndo}>
          Undo
        </Button>
        <Button onClick={working.redo} disabled={!working.canRedo}>
          Redo
        </Button>
        {draft && (
          <Button onClick={discard} disabled={writes.discardDraft.isPending}>
            Discard draft
          </Button>
        )}
        {draft && !canPublish && (
          <Button
            onClick={submit}
            disabled={dirty || draft.submitted_at !== null || writes.submitDraft.isPending}
            disabledReason={dirty ? 'Save the draft first' : undefined}
          >
            Submit for review
          </Button>
        )}
        {draft && canPublish && (
          <Button
            variant="primary"
            onClick={() => setPublishing(true)}
            disabled={dirty || problems.length > 0 || screen.draft_stale}
            disabledReason={dirty ? 'Save the draft first' : problems.length > 0 ? 'Mend the problems first' : undefined}
          >
            Publish
          </Button>
        )}
      </div>

      <section aria-label="Problems">
        {check.isFetching && problems.length === 0 ? null : problems.length === 0 ? (
          <Notice tone="success">No problems: this definition can be published.</Notice>
        ) : (
          <Notice tone="warning">
            {`${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} to mend before publishing`}
            {general.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {general.map((problem) => (
                  <li key={`${problem.path}:${problem.message}`}>{`${describePointer(definition, problem.path)}: ${problem.message}`}</li>
                ))}
              </ul>
            )}
          </Notice>
        )}
      </section>

      <TabGroup selectedIndex={tab} onChange={setTab}>
        <TabList className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200">
          {TABS.map((label) => (
            <Tab key={label} className={`${TAB_CLASSES} px-3 py-2`}>
              {label === 'Changes' && changes.length > 0 ? `Changes (${changes.length})` : label}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          <TabPanel>
            <StructuredEditor definition={definition} onChange={working.set} problems={problems} requiredByServer={requiredByServer} readOnly={false} />
          </TabPanel>
          <TabPanel>
            <JsonEditor value={definition} onChange={(next) => working.set(next as Definition)} label={`JSON of ${screen.id}`} />
          </TabPanel>
          <TabPanel>
            <h3 className="mb-2 text-base font-semibold text-slate-900">{`Changes from version ${screen.version}`}</h3>
            {changes.length === 0 ? (
              <p className="text-sm text-slate-600">No changes from the version in force.</p>
            ) : (
              <ul aria-label="Changes" className="list-disc space-y-1 pl-5 text-sm text-slate-800">
                {changes.map((change, i) => (
                  <li key={`${i}:${change}`}>{change}</li>
                ))}
              </ul>
            )}
          </TabPanel>
          <TabPanel>
            <PreviewPanel definition={definition} problems={problems} />
          </TabPanel>
          <TabPanel>
            <HistoryPanel screen={screen} canPublish={canPublish} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
      {publishing && draft && <PublishDialog screens={[{ id: screen.id, revision: draft.revision, changes }]} onClose={() => setPublishing(false)} />}
    </div>
  );
}
