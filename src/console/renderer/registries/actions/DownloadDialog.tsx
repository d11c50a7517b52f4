import { useEffect, useId, useState } from 'react';
import { formQuery } from '../../core/actionRequest';
import { evaluateCondition } from '../../core/conditions';
import { entityOf } from '../../core/entityFields';
import { at } from '../../core/resolve';
import { useScreenRegistries } from '../../environmentContext';
import { LazySchemaForm } from '../../rjsf/LazySchemaForm';
import { useEvalContext, useScreenScope } from '../../scopeContext';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import type { ActionProps } from './actionTypes';
import { useDownload } from './useDownload';

type Download = Extract<ActionProps['action'], { type: 'download' }>;

/** Spec 001 section 5, Enrollment export: why the dialog's button is disabled, besides the definition's own requirements. */
export const DOWNLOAD_REQUIRED_TEXT = 'Please fill in all required fields';
export const DOWNLOAD_PENDING_TEXT = 'Export in progress';

const defaults = (action: Download) =>
  Object.fromEntries((action.parameters ?? []).map((p) => [p.name, p.default ?? (p.choices.length === 1 ? p.choices[0]?.value : '') ?? '']));

/**
 * A download whose parameters are chosen in a dialog (the enrollment export: format and
 * orientation), or whose `form` is filled in there (the claims export: type, month, year and
 * provider). A parameters dialog's button stays disabled, saying why, while a `requires` condition
 * fails (read in the list's context: a provider and a date range chosen), a required parameter is
 * empty, or the file is on its way; a form says what is missing under its fields. The dialog closes
 * `closeDelayMs` after the file is saved.
 */
export function DownloadDialog({ action, resource, location, disabled, disabledReason }: ActionProps<Download>) {
  const [open, setOpen] = useState(false);
  // Kept while the dialog is closed: it opens again with what was chosen.
  const [values, setValues] = useState<Record<string, string>>(() => defaults(action));
  const [closing, setClosing] = useState(false);
  const download = useDownload(action, { success: action.success, error: action.error, onSaved: () => setClosing(true) });
  useEffect(() => {
    if (!closing) return undefined;
    const timer = setTimeout(() => {
      setClosing(false);
      setOpen(false);
    }, action.closeDelayMs ?? 0);
    return () => clearTimeout(timer);
  }, [closing, action.closeDelayMs]);

  return (
    <>
      <Button disabled={disabled} disabledReason={disabledReason} onClick={() => setOpen(true)}>
        {action.label}
      </Button>
      <Modal open={open} title={action.title ?? action.label} onClose={() => setOpen(false)}>
        {action.message && <p className="mb-4 text-sm text-slate-700">{action.message}</p>}
        {action.form ? (
          open && (
            <DownloadForm
              action={action}
              form={action.form}
              resource={resource}
              location={location}
              onSubmit={(query) => download.mutateAsync(query)}
              onCancel={() => setOpen(false)}
            />
          )
        ) : (
          <DownloadParameters
            action={action}
            values={values}
            onValues={setValues}
            pending={download.isPending}
            closing={closing}
            onSubmit={() => download.mutate(values)}
            onCancel={() => setOpen(false)}
          />
        )}
      </Modal>
    </>
  );
}

interface DownloadFormProps extends Pick<ActionProps<Download>, 'action' | 'resource' | 'location'> {
  form: NonNullable<Download['form']>;
  onSubmit: (values: Record<string, string>) => Promise<unknown>;
  onCancel: () => void;
}

/** The action's form over its `entity` (the screen's resource's without one); its values, as texts, are the query. */
function DownloadForm({ action, form, resource, location, onSubmit, onCancel }: DownloadFormProps) {
  const context = useEvalContext();
  const { screenId } = useScreenScope();
  const entity = entityOf(
    { resource, ...(action.entity === undefined ? {} : { entity: action.entity }) },
    at(location, action.entity === undefined ? 'resource' : 'entity'),
    useScreenRegistries(),
  );
  return (
    <LazySchemaForm
      form={form}
      entity={entity}
      initialData={{}}
      draftKey={`${screenId}:download:${action.name}`}
      context={context}
      submitLabel={action.submitLabel ?? action.label}
      onSubmit={(data) => onSubmit(formQuery(form, data, context))}
      onCancel={onCancel}
    />
  );
}

interface DownloadParametersProps {
  action: Download;
  values: Readonly<Record<string, string>>;
  onValues: (update: (current: Record<string, string>) => Record<string, string>) => void;
  pending: boolean;
  closing: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}

/** Radio choices per parameter, the reason the button waits, Cancel and the button. */
function DownloadParameters({ action, values, onValues, pending, closing, onSubmit, onCancel }: DownloadParametersProps) {
  const context = useEvalContext();
  const reasonId = useId();
  const unmet = (action.requires ?? []).find((requirement) => !evaluateCondition(requirement.when, context));
  const incomplete = (action.parameters ?? []).some((p) => p.required && !values[p.name]);
  const reason = unmet?.message ?? (incomplete ? DOWNLOAD_REQUIRED_TEXT : pending ? DOWNLOAD_PENDING_TEXT : undefined);
  return (
    <div className="space-y-4">
      {(action.parameters ?? []).map((parameter) => (
        <fieldset key={parameter.name}>
          <legend className="text-sm font-medium text-slate-800">
            {parameter.label}
            {parameter.required && <span aria-hidden="true"> *</span>}
          </legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {parameter.choices.map((choice) => (
              <label key={choice.value} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="radio"
                  name={`${action.name}-${parameter.name}`}
                  value={choice.value}
                  checked={values[parameter.name] === choice.value}
                  onChange={() => onValues((current) => ({ ...current, [parameter.name]: choice.value }))}
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {reason && (
        <div id={reasonId} role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p>{reason}</p>
          {unmet?.hint && <p className="mt-1 text-amber-800">{unmet.hint}</p>}
        </div>
      )}
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="primary" disabled={reason !== undefined || closing} aria-describedby={reason ? reasonId : undefined} onClick={onSubmit}>
          {action.submitLabel ?? action.label}
        </Button>
      </div>
    </div>
  );
}
