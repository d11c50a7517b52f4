import { useId, useRef, useState, type FormEvent } from 'react';
import { CARE_PLAN_NAME_MAX } from '../../../../domain/clinical/carePlans';
import { INPUT_CLASSES } from '../../../renderer/skin/inputClasses';
import { ErrorMessage } from '../../../renderer/skin/StatusViews';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { CARE_PLAN_TEXTS, defaultTemplateId } from './carePlanRecords';
import { useCarePlanTemplates } from './useCarePlanData';
import type { CarePlansController } from './useCarePlans';

export const CREATE_TITLE = 'Create Care Plan';
const LABEL = 'block text-sm font-medium text-slate-800';

/** The form, mounted with the dialog, so that each opening starts over. */
function CreateForm({ carePlans }: { carePlans: CarePlansController }) {
  const templates = useCarePlanTemplates(true);
  const ids = { template: useId(), templateHelp: useId(), templateError: useId(), name: useId(), nameHelp: useId() };
  // null until the user picks one: until then the patient's condition's template is the choice.
  const [picked, setPicked] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  const rows = templates.data ?? [];
  const templateId = picked ?? defaultTemplateId(rows, carePlans.primaryCondition);
  const template = rows.find((row) => row.id === templateId);
  const templateError = tried && !template ? CARE_PLAN_TEXTS.templateRequired : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!template) {
      select.current?.focus();
      return;
    }
    carePlans.create(template.id, name);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-600">The plan starts as a draft with the template’s sections; activate it once it is ready.</p>
      {templates.isError ? (
        <ErrorMessage error={templates.error} onRetry={() => void templates.refetch()} />
      ) : (
        <div>
          <label htmlFor={ids.template} className={LABEL}>
            Template <span aria-hidden="true">*</span>
          </label>
          <select
            ref={select}
            id={ids.template}
            required
            aria-invalid={templateError ? true : undefined}
            aria-describedby={[template ? ids.templateHelp : '', templateError ? ids.templateError : ''].filter(Boolean).join(' ') || undefined}
            disabled={templates.isPending}
            className={`${INPUT_CLASSES} mt-1`}
            value={templateId}
            onChange={(event) => setPicked(event.target.value)}
          >
            <option value="">{templates.isPending ? 'Loading templates…' : 'Choose a template'}</option>
            {rows.map((row) => (
              <option key={row.id} value={row.id}>
                {row.name}
              </option>
            ))}
          </select>
          {templateError && (
            <p id={ids.templateError} className="mt-1 text-sm text-red-700">
              {templateError}
            </p>
          )}
          {template?.description && (
            <p id={ids.templateHelp} className="mt-1 text-sm text-slate-600">
              {template.description}
            </p>
          )}
        </div>
      )}
      <div>
        <label htmlFor={ids.name} className={LABEL}>
          Plan name <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input
          id={ids.name}
          type="text"
          maxLength={CARE_PLAN_NAME_MAX}
          aria-describedby={ids.nameHelp}
          className={`${INPUT_CLASSES} mt-1`}
          placeholder={template?.name ?? ''}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <p id={ids.nameHelp} className="mt-1 text-sm text-slate-600">
          Left blank, the plan takes the template’s name.
        </p>
      </div>
      <div className="flex justify-end gap-2 pt-2">
        <Button onClick={carePlans.close}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={carePlans.pending.create}>
          Create
        </Button>
      </div>
    </form>
  );
}

/** Create Care Plan: a template (required; the patient's condition's preselected) and an optional name. */
export function CreateCarePlanDialog({ carePlans }: { carePlans: CarePlansController }) {
  const open = carePlans.dialog.kind === 'create';
  return (
    <Modal open={open} title={CREATE_TITLE} onClose={carePlans.close}>
      {open && <CreateForm carePlans={carePlans} />}
    </Modal>
  );
}
