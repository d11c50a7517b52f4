import { useState, type ReactNode } from 'react';
import { transitionRefusal } from '../../../domain/clinicalActivities';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { Notice } from '../../ui/Notice';
import { BUILDER_TEXTS } from './builderTexts';

interface EditorHeaderProps {
  /** 'Activity template' or 'Step template'. */
  noun: string;
  /** The version shown, none for a new template. */
  record: { id: number; version_number: number; is_draft: boolean } | undefined;
  dirty: boolean;
  busy: boolean;
  canCreate: boolean;
  canUpdate: boolean;
  onSave: () => void;
  onPromote: () => void;
  onClone: () => void;
  /** More of the header (a published activity's Enabled switch). */
  children?: ReactNode;
}

/**
 * The editor's status and buttons (spec 002 section 4): what a template's state allows, per the
 * domain's table (TEMPLATE_TRANSITIONS): Save on a new template or a draft, Promote on a saved draft
 * (asked first: it cannot be undone), Clone on any saved version; both wait while there are unsaved
 * changes, which they would not carry. A published version is read only.
 */
export function EditorHeader({ noun, record, dirty, busy, canCreate, canUpdate, onSave, onPromote, onClone, children }: EditorHeaderProps) {
  const [asking, setAsking] = useState(false);
  const mayUpdate = record === undefined ? canCreate : canUpdate && transitionRefusal(record.is_draft, 'update') === null;
  const mayPromote = record !== undefined && canUpdate && transitionRefusal(record.is_draft, 'promote') === null;
  const mayClone = record !== undefined && canCreate && transitionRefusal(record.is_draft, 'clone') === null;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          {record === undefined ? (
            <span>New {noun.toLowerCase()}</span>
          ) : (
            <>
              <span>Version {record.version_number}</span>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${record.is_draft ? 'bg-amber-50 text-amber-900 ring-amber-300' : 'bg-green-50 text-green-900 ring-green-300'}`}
              >
                {record.is_draft ? 'Draft' : 'Published'}
              </span>
            </>
          )}
          {dirty && mayUpdate && <span className="text-xs text-slate-600">Unsaved changes</span>}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {children}
          {/* Clone and Promote act on the saved version: with unsaved changes, they wait for a save. */}
          {mayClone && (
            <Button onClick={onClone} disabled={busy || (dirty && mayUpdate)} disabledReason={dirty && mayUpdate ? BUILDER_TEXTS.saveFirst : undefined}>
              Clone
            </Button>
          )}
          {mayPromote && (
            <Button onClick={() => setAsking(true)} disabled={busy || dirty} disabledReason={dirty ? BUILDER_TEXTS.saveFirst : undefined}>
              Promote
            </Button>
          )}
          {mayUpdate && (
            <Button variant="primary" onClick={onSave} disabled={busy}>
              Save
            </Button>
          )}
        </div>
      </div>
      {record && !record.is_draft && <Notice tone="info">{BUILDER_TEXTS.publishedReadOnly}</Notice>}
      <Modal open={asking} title={`Promote ${noun.toLowerCase()}`} onClose={() => setAsking(false)} width="md">
        <p className="text-sm text-slate-700">Publish version {record?.version_number}? A published version never changes: later edits are made on a clone.</p>
        <div className="mt-4 flex justify-end gap-2">
          <Button onClick={() => setAsking(false)}>Cancel</Button>
          <Button
            variant="primary"
            onClick={() => {
              setAsking(false);
              onPromote();
            }}
          >
            Promote
          </Button>
        </div>
      </Modal>
    </div>
  );
}
