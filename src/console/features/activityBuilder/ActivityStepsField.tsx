import { useState } from 'react';
import { Link } from 'wouter';
import { ErrorMessage } from '../../renderer/skin/StatusViews';
import { Button } from '../../ui/Button';
import type { ChosenStep } from './activityForm';
import { GroupError, SelectInput } from './fields';
import { MoveButtons } from '../../ui/MoveButtons';
import { moveEntry } from './stepForm';
import type { useListKeys } from './useListKeys';
import { useStepChoices } from './useTemplateCalls';

interface ActivityStepsFieldProps {
  steps: readonly ChosenStep[];
  onChange: (steps: ChosenStep[]) => void;
  keys: ReturnType<typeof useListKeys>;
  readOnly: boolean;
}

/** A step as the list names it: title, key, version, and whether it is a draft. */
const describe = (step: ChosenStep) => {
  const template = step.step_template;
  return template
    ? { title: template.step_title, detail: `${template.step_key} · version ${template.version_number}`, draft: template.is_draft }
    : { title: `Step template #${step.step_template_id}`, detail: '', draft: false };
};

/**
 * The activity's steps in order (spec 002 sections 3 and 7): numbered 1..n as listed, added from the
 * latest version of each step template (GET step-templates?is_latest[eq]=true, 100 a page), moved and
 * removed. A draft step is marked: the template can be saved with it, not promoted (a published
 * activity runs published steps only).
 */
export function ActivityStepsField({ steps, onChange, keys, readOnly }: ActivityStepsFieldProps) {
  const choices = useStepChoices(!readOnly);
  const [chosen, setChosen] = useState('');
  const add = () => {
    const template = choices.data?.find((step) => String(step.id) === chosen);
    if (!template) return;
    onChange([...steps, { step_template_id: template.id, step_template: template }]);
    keys.add();
    setChosen('');
  };
  return (
    <div className="space-y-3">
      {steps.length === 0 ? (
        <p className="text-sm text-slate-600">No steps yet.</p>
      ) : (
        <ol aria-label="Steps" className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {steps.map((step, index) => {
            const { title, detail, draft } = describe(step);
            return (
              <li key={keys.keys[index] ?? `extra-${index}`} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <div className="min-w-0">
                  <p className="text-sm font-medium text-slate-900">
                    {index + 1}.{' '}
                    <Link href={`/clinical-activities/step/${step.step_template_id}`} className="text-blue-700 hover:underline">
                      {title}
                    </Link>
                    {draft && (
                      <span className="ml-2 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-inset ring-amber-300">
                        draft
                      </span>
                    )}
                  </p>
                  {detail && <p className="break-all text-xs text-slate-600">{detail}</p>}
                </div>
                {!readOnly && (
                  <div className="flex flex-wrap gap-1">
                    <MoveButtons
                      name={title}
                      index={index}
                      count={steps.length}
                      onMove={(delta) => {
                        onChange(moveEntry(steps, index, delta));
                        keys.move(index, delta);
                      }}
                    />
                    <Button
                      variant="ghost"
                      aria-label={`Remove ${title}`}
                      onClick={() => {
                        onChange(steps.filter((_, i) => i !== index));
                        keys.remove(index);
                      }}
                    >
                      Remove
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <GroupError path={['steps']} />
      {!readOnly &&
        (choices.isError ? (
          <ErrorMessage error={choices.error} onRetry={() => void choices.refetch()} />
        ) : (
          <div className="flex flex-wrap items-end gap-2">
            <SelectInput
              label="Step template"
              path={['step_picker']}
              value={chosen}
              placeholder={choices.isPending ? 'Loading…' : 'Choose a step template'}
              choices={(choices.data ?? []).map((step) => ({
                value: String(step.id),
                label: `${step.step_title} (${step.step_key}, version ${step.version_number}${step.is_draft ? ', draft' : ''})`,
              }))}
              onChange={setChosen}
              className="min-w-0 flex-1"
            />
            <Button onClick={add} disabled={chosen === ''}>
              Add step
            </Button>
          </div>
        ))}
    </div>
  );
}
