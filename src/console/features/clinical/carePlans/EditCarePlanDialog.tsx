import { Field, Label, Switch } from '@headlessui/react';
import { useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { CARE_PLAN_NAME_MAX, CARE_PLAN_TEXT_MAX } from '../../../../domain/clinical/carePlans';
import { INPUT_CLASSES } from '../../../renderer/skin/inputClasses';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { Notice } from '../../../ui/Notice';
import { carePlanDraft, draftChanged, draftOf, draftProblems, editRequest, type CarePlanDraft, type CarePlanDraftEvent } from './carePlanDraft';
import { carePlanStatus, planSections, type CarePlan, type PlanSection } from './carePlanRecords';
import type { CarePlansController } from './useCarePlans';

export const EDIT_TITLE = 'Edit Care Plan';
export const DISCARD_TITLE = 'Discard your changes?';

const LABEL = 'block text-sm font-medium text-slate-800';

function SectionFields({ section, dispatch }: { section: PlanSection; dispatch: (event: CarePlanDraftEvent) => void }) {
  const ids = { caregiver: useId(), goals: useId() };
  const change = (value: Partial<PlanSection>) => dispatch({ type: 'section', section: section.key, change: value });
  return (
    <fieldset className="rounded-md p-4 ring-1 ring-slate-200">
      <legend className="px-1 text-sm font-semibold text-slate-900">{section.label}</legend>
      <Field className="flex items-center gap-2">
        <Switch
          checked={section.is_active}
          onChange={(checked) => change({ is_active: checked })}
          className="group relative inline-flex h-5 w-9 shrink-0 rounded-full bg-slate-300 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 data-[checked]:bg-blue-700"
        >
          <span className="pointer-events-none inline-block size-4 translate-x-0.5 translate-y-0.5 rounded-full bg-white shadow transition group-data-[checked]:translate-x-4" />
        </Switch>
        <Label className="text-sm text-slate-700">Include this section</Label>
      </Field>
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        <div>
          <label htmlFor={ids.caregiver} className={LABEL}>
            Caregiver instructions
          </label>
          <textarea
            id={ids.caregiver}
            rows={5}
            maxLength={CARE_PLAN_TEXT_MAX}
            className={`${INPUT_CLASSES} mt-1`}
            value={section.caregiver_instructions}
            onChange={(event) => change({ caregiver_instructions: event.target.value })}
          />
        </div>
        <div>
          <label htmlFor={ids.goals} className={LABEL}>
            Patient goals
          </label>
          <textarea
            id={ids.goals}
            rows={5}
            maxLength={CARE_PLAN_TEXT_MAX}
            className={`${INPUT_CLASSES} mt-1`}
            value={section.patient_goals}
            onChange={(event) => change({ patient_goals: event.target.value })}
          />
        </div>
      </div>
    </fieldset>
  );
}

/** What saving does, said before the user saves: on the active plan it is a revision and a review. */
function SavingNotice({ plan }: { plan: CarePlan }) {
  if (carePlanStatus(plan) === 'active') {
    return <Notice tone="info">This is the patient’s active care plan. Saving revises it (revision {plan.revision + 1}) and counts as a review.</Notice>;
  }
  return <Notice tone="info">This plan is a draft: saving changes it without a review. Activate it when it is ready.</Notice>;
}

/** The dialog with its form, mounted when it opens, so that each opening starts from the plan; closing a changed form asks first. */
function EditForm({ plan, carePlans }: { plan: CarePlan; carePlans: CarePlansController }) {
  const [initial] = useState<CarePlanDraft>(() => draftOf(plan));
  const [draft, dispatch] = useReducer(carePlanDraft, initial);
  const [tried, setTried] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const ids = { name: useId(), nameError: useId() };
  const problems = draftProblems(draft);
  // The name starts filled: once emptied it says so at once, as it does after a refused save.
  const nameError = tried || draft.plan_name !== initial.plan_name ? problems.plan_name : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.plan_name) {
      nameInput.current?.focus();
      return;
    }
    carePlans.save(plan, editRequest(draft));
  };
  const cancel = () => (draftChanged(draft, initial) ? setConfirmingDiscard(true) : carePlans.close());

  return (
    <Modal open title={EDIT_TITLE} width="xl" onClose={cancel}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <SavingNotice plan={plan} />
        <div>
          <label htmlFor={ids.name} className={LABEL}>
            Plan name <span aria-hidden="true">*</span>
          </label>
          <input
            ref={nameInput}
            id={ids.name}
            type="text"
            required
            maxLength={CARE_PLAN_NAME_MAX}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? ids.nameError : undefined}
            className={`${INPUT_CLASSES} mt-1`}
            value={draft.plan_name}
            onChange={(event) => dispatch({ type: 'name', value: event.target.value })}
          />
          {nameError && (
            <p id={ids.nameError} className="mt-1 text-sm text-red-700">
              {nameError}
            </p>
          )}
        </div>
        <div className="space-y-3">
          {planSections(draft.content).map((section) => (
            <SectionFields key={section.key} section={section} dispatch={dispatch} />
          ))}
        </div>
        {/* Stays in view at the foot of the scrolling dialog, so that Save is never a long scroll away. */}
        <div className="sticky -bottom-6 -mx-6 -mb-6 flex justify-end gap-2 border-t border-slate-200 bg-white px-6 py-3">
          <Button onClick={cancel}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={carePlans.pending.save}>
            Save
          </Button>
        </div>
      </form>
      <Modal open={confirmingDiscard} title={DISCARD_TITLE} role="alertdialog" width="md" onClose={() => setConfirmingDiscard(false)}>
        <p className="text-sm text-slate-700">Your changes to this care plan will be lost.</p>
        <div className="mt-6 flex justify-end gap-2">
          <Button onClick={() => setConfirmingDiscard(false)}>Keep editing</Button>
          <Button variant="danger" onClick={carePlans.close}>
            Discard
          </Button>
        </div>
      </Modal>
    </Modal>
  );
}

/**
 * Edit Care Plan (a wide dialog): the required name and, for each of the 12 sections, whether it is
 * included and its two texts. Saving sends them all.
 */
export function EditCarePlanDialog({ carePlans }: { carePlans: CarePlansController }) {
  const { dialog } = carePlans;
  return dialog.kind === 'edit' ? <EditForm key={String(dialog.plan.id)} plan={dialog.plan} carePlans={carePlans} /> : null;
}
