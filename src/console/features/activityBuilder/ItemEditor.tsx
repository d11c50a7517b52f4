import { useId } from 'react';
import {
  BOOLEAN_ITEM_TYPES,
  BUILDER_ITEM_TYPES,
  ITEM_TYPE_LABELS,
  OPTION_ITEM_TYPES,
  RESOURCE_CREATION_TYPES,
  type ActivityItem,
  type ItemType,
  type ValidationCheck,
} from '../../../domain/clinicalActivities';
import { humanize } from '../../renderer/core/templates';
import { Button } from '../../ui/Button';
import { BUILDER_TEXTS } from './builderTexts';
import { CheckboxInput, GroupError, NumberInput, SelectInput, TextInput, type Path } from './fields';
import { MoveButtons } from '../../ui/MoveButtons';
import { conditionChoices, earlierItems, newCondition, renameItem, retypeItem } from './stepForm';

/**
 * One item of a step template (spec 002 section 3 "Activity item", 5, 9): its id, text, type,
 * prompt and required flag; options with a default for dropdown and multiselect; bounds and unit for
 * scale and number; validation checks; the conditions that enable it (earlier items only); and, for
 * checklist and yes/no items, the record its answer creates. Edits go to the whole list, since a
 * renamed item carries its references along.
 */
interface ItemEditorProps {
  items: readonly ActivityItem[];
  index: number;
  onChange: (items: ActivityItem[]) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  readOnly: boolean;
}

const CHECK_TYPES: readonly ValidationCheck['type'][] = ['min', 'max', 'min_length', 'max_length', 'pattern'];
const CHECK_LABELS: Record<ValidationCheck['type'], string> = {
  min: 'Minimum value',
  max: 'Maximum value',
  min_length: 'Minimum length',
  max_length: 'Maximum length',
  pattern: 'Pattern (regular expression)',
};

/** The builder offers its six types; an item of a runner-only type (scale, number, date: seeded templates) keeps its own too. */
const typeChoices = (current: ItemType) =>
  [...BUILDER_ITEM_TYPES, ...((BUILDER_ITEM_TYPES as readonly ItemType[]).includes(current) ? [] : [current])].map((type) => ({
    value: type,
    label: ITEM_TYPE_LABELS[type],
  }));

export function ItemEditor({ items, index, onChange, onMove, onRemove, readOnly }: ItemEditorProps) {
  const headingId = useId();
  const item = items[index]!;
  const at = (...rest: (string | number)[]): Path => ['activity_items_json', index, ...rest];
  const replace = (next: ActivityItem) => onChange(items.map((other, i) => (i === index ? next : other)));
  const update = (change: Partial<ActivityItem>) => replace({ ...item, ...change });
  const name = item.text.trim() || item.item_id || `item ${index + 1}`;
  const isBoolean = BOOLEAN_ITEM_TYPES.includes(item.type);
  const hasOptions = OPTION_ITEM_TYPES.includes(item.type);
  const earlier = earlierItems(items, index);
  const stepItems = items.filter((other) => other.item_id.trim() !== '');

  return (
    <article aria-labelledby={headingId} className="space-y-4 rounded-md border border-slate-200 bg-slate-50/60 p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="text-sm font-semibold text-slate-900">
          Item {index + 1}
          <span className="font-normal text-slate-600">{item.text.trim() ? `: ${item.text.trim()}` : ''}</span>
        </h4>
        {!readOnly && (
          <div className="flex flex-wrap gap-1">
            <MoveButtons name={name} index={index} count={items.length} onMove={onMove} />
            <Button variant="ghost" aria-label={`Remove ${name}`} onClick={onRemove}>
              Remove
            </Button>
          </div>
        )}
      </div>

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextInput
          label="Item ID"
          path={at('item_id')}
          value={item.item_id}
          onChange={(value) => onChange(renameItem(items, index, value))}
          hint={BUILDER_TEXTS.keyHint}
        />
        <SelectInput
          label="Type"
          path={at('type')}
          value={item.type}
          choices={typeChoices(item.type)}
          onChange={(value) => replace(retypeItem(item, value as ItemType))}
        />
        <TextInput label="Text" path={at('text')} value={item.text} onChange={(text) => update({ text })} className="sm:col-span-2" />
        <TextInput
          label="Prompt"
          path={at('prompt')}
          value={item.prompt ?? ''}
          onChange={(prompt) => update({ prompt })}
          hint="Help shown under the question"
          className="sm:col-span-2"
        />
      </div>
      <CheckboxInput
        label="Required"
        checked={item.type === 'yes_no' || item.required === true}
        disabled={item.type === 'yes_no'}
        {...(item.type === 'yes_no' ? { hint: 'Yes / No items are always required' } : {})}
        onChange={(required) => update({ required })}
      />

      {hasOptions && <OptionsEditor item={item} name={name} at={at} update={update} readOnly={readOnly} />}

      {item.type === 'scale' && (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <NumberInput label="Scale minimum" path={at('scale_min')} value={item.scale_min} step="any" onChange={(scale_min) => update({ scale_min })} />
          <NumberInput label="Scale maximum" path={at('scale_max')} value={item.scale_max} step="any" onChange={(scale_max) => update({ scale_max })} />
          <NumberInput label="Scale step" path={at('scale_step')} value={item.scale_step} step="any" onChange={(scale_step) => update({ scale_step })} />
          <TextInput label="Unit" path={at('unit')} value={item.unit ?? ''} onChange={(unit) => update({ unit })} />
        </div>
      )}
      {item.type === 'number' && (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <NumberInput label="Minimum value" path={at('min_value')} value={item.min_value} step="any" onChange={(min_value) => update({ min_value })} />
          <NumberInput label="Maximum value" path={at('max_value')} value={item.max_value} step="any" onChange={(max_value) => update({ max_value })} />
          <TextInput label="Unit" path={at('unit')} value={item.unit ?? ''} onChange={(unit) => update({ unit })} />
        </div>
      )}

      <ChecksEditor item={item} name={name} at={at} update={update} readOnly={readOnly} />

      <fieldset className="min-w-0 space-y-2">
        <legend className="text-sm font-medium text-slate-800">Enabled when</legend>
        <p className="text-xs text-slate-600">
          Shown only while every condition holds: the answer of an earlier item equals the value. With none, the item always shows.
        </p>
        {(item.enabled_when ?? []).map((condition, c) => {
          const target = items.find((other) => other.item_id === condition.item_id);
          const values = conditionChoices(target);
          const conditions = item.enabled_when ?? [];
          const setCondition = (change: Partial<typeof condition>) =>
            update({ enabled_when: conditions.map((other, o) => (o === c ? { ...other, ...change } : other)) });
          return (
            <div key={c} className="grid grid-cols-1 items-start gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
              <SelectInput
                label={`Condition ${c + 1}: item`}
                path={at('enabled_when', c, 'item_id')}
                value={condition.item_id}
                placeholder="Choose an earlier item"
                choices={earlier.map((other) => ({ value: other.item_id, label: `${other.text.trim() || other.item_id} (${other.item_id})` }))}
                onChange={(itemId) =>
                  setCondition({ item_id: itemId, value: conditionChoices(items.find((other) => other.item_id === itemId))?.[0]?.value ?? '' })
                }
              />
              {values ? (
                <SelectInput
                  label={`Condition ${c + 1}: value`}
                  path={at('enabled_when', c, 'value')}
                  value={condition.value}
                  placeholder="Choose a value"
                  choices={values}
                  onChange={(value) => setCondition({ value })}
                />
              ) : (
                <TextInput
                  label={`Condition ${c + 1}: value`}
                  path={at('enabled_when', c, 'value')}
                  value={condition.value}
                  onChange={(value) => setCondition({ value })}
                />
              )}
              {!readOnly && (
                <Button
                  variant="ghost"
                  className="justify-self-start sm:mt-6"
                  aria-label={`Remove condition ${c + 1} of ${name}`}
                  onClick={() => update({ enabled_when: conditions.filter((_, o) => o !== c) })}
                >
                  Remove
                </Button>
              )}
            </div>
          );
        })}
        {!readOnly && (
          <Button
            disabled={earlier.length === 0}
            disabledReason="Only an earlier item of the step can enable this one"
            aria-label={`Add a condition to ${name}`}
            onClick={() => {
              const condition = newCondition(items, index);
              if (condition) update({ enabled_when: [...(item.enabled_when ?? []), condition] });
            }}
          >
            Add condition
          </Button>
        )}
      </fieldset>

      {isBoolean && (
        <fieldset className="min-w-0 space-y-2">
          <legend className="text-sm font-medium text-slate-800">Record to create</legend>
          <CheckboxInput
            label="Create a record from this answer"
            checked={Boolean(item.resource_creation)}
            hint="When the activity is completed with this answer: a task, an encounter, an assessment or a care plan."
            onChange={(on) =>
              update({
                resource_creation: on ? { resource_type: 'tasks', value: true, display_text: '', reference_field: item.item_id } : null,
              })
            }
          />
          {item.resource_creation && (
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <SelectInput
                label="Resource type"
                path={at('resource_creation', 'resource_type')}
                value={item.resource_creation.resource_type}
                choices={RESOURCE_CREATION_TYPES.map((type) => ({ value: type, label: humanize(type) }))}
                onChange={(value) =>
                  update({ resource_creation: { ...item.resource_creation!, resource_type: value as (typeof RESOURCE_CREATION_TYPES)[number] } })
                }
              />
              <SelectInput
                label="Trigger on"
                path={at('resource_creation', 'value')}
                value={String(item.resource_creation.value)}
                choices={conditionChoices(item) ?? []}
                onChange={(value) => update({ resource_creation: { ...item.resource_creation!, value: value === 'true' } })}
              />
              <TextInput
                label="Display text"
                path={at('resource_creation', 'display_text')}
                value={item.resource_creation.display_text}
                hint="The record's title or name"
                onChange={(display_text) => update({ resource_creation: { ...item.resource_creation!, display_text } })}
              />
              <SelectInput
                label="Reference field"
                path={at('resource_creation', 'reference_field')}
                value={item.resource_creation.reference_field}
                placeholder="Choose an item of this step"
                hint="The item whose answer the record carries as its details"
                choices={stepItems.map((other) => ({ value: other.item_id, label: `${other.text.trim() || other.item_id} (${other.item_id})` }))}
                onChange={(reference_field) => update({ resource_creation: { ...item.resource_creation!, reference_field } })}
              />
            </div>
          )}
          <GroupError path={at('resource_creation')} />
        </fieldset>
      )}
    </article>
  );
}

interface PartProps {
  item: ActivityItem;
  /** The item's name in the buttons' labels. */
  name: string;
  at: (...rest: (string | number)[]) => Path;
  update: (change: Partial<ActivityItem>) => void;
  readOnly: boolean;
}

/** Options (id with the key rule, name) and the default option of a dropdown or multiselect item. */
function OptionsEditor({ item, name, at, update, readOnly }: PartProps) {
  const options = item.options ?? [];
  const setOption = (o: number, change: Partial<(typeof options)[number]>) => {
    const old = options[o]?.id;
    const next = options.map((option, i) => (i === o ? { ...option, ...change } : option));
    // The default follows its option's id.
    update({ options: next, ...(change.id !== undefined && old && item.default_option === old ? { default_option: change.id } : {}) });
  };
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="text-sm font-medium text-slate-800">Options</legend>
      {options.map((option, o) => (
        <div key={o} className="grid grid-cols-1 items-start gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
          <TextInput label={`Option ${o + 1} ID`} path={at('options', o, 'id')} value={option.id} onChange={(id) => setOption(o, { id })} />
          <TextInput label={`Option ${o + 1} name`} path={at('options', o, 'name')} value={option.name} onChange={(name) => setOption(o, { name })} />
          {!readOnly && (
            <Button
              variant="ghost"
              className="justify-self-start sm:mt-6"
              aria-label={`Remove option ${o + 1} of ${name}`}
              onClick={() => update({ options: options.filter((_, i) => i !== o), ...(item.default_option === option.id ? { default_option: null } : {}) })}
            >
              Remove
            </Button>
          )}
        </div>
      ))}
      <GroupError path={at('options')} />
      {!readOnly && (
        <Button aria-label={`Add an option to ${name}`} onClick={() => update({ options: [...options, { id: '', name: '' }] })}>
          Add option
        </Button>
      )}
      <SelectInput
        label="Default option"
        path={at('default_option')}
        value={item.default_option ?? ''}
        placeholder="None"
        choices={options.filter((o) => o.id.trim() !== '').map((o) => ({ value: o.id, label: o.name.trim() || o.id }))}
        onChange={(value) => update({ default_option: value === '' ? null : value })}
        className="sm:max-w-xs"
      />
    </fieldset>
  );
}

/** Validation checks: a kind, a value (a number, or a pattern) and the message shown under the item when it fails. */
function ChecksEditor({ item, name, at, update, readOnly }: PartProps) {
  const checks = item.validation_checks ?? [];
  const setCheck = (c: number, change: Partial<ValidationCheck>) =>
    update({ validation_checks: checks.map((check, i) => (i === c ? { ...check, ...change } : check)) });
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="text-sm font-medium text-slate-800">Validation checks</legend>
      {checks.map((check, c) => (
        <div key={c} className="grid grid-cols-1 items-start gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
          <SelectInput
            label={`Check ${c + 1}: kind`}
            path={at('validation_checks', c, 'type')}
            value={check.type}
            choices={CHECK_TYPES.map((type) => ({ value: type, label: CHECK_LABELS[type] }))}
            onChange={(type) => {
              const kind = type as ValidationCheck['type'];
              // A pattern is text, the other kinds numbers: a value of the other sort starts empty.
              const keeps = (kind === 'pattern') === (typeof check.value === 'string');
              setCheck(c, { type: kind, ...(keeps ? {} : { value: kind === 'pattern' ? '' : (null as unknown as number) }) });
            }}
          />
          {check.type === 'pattern' ? (
            <TextInput
              label={`Check ${c + 1}: value`}
              path={at('validation_checks', c, 'value')}
              value={String(check.value)}
              onChange={(value) => setCheck(c, { value })}
            />
          ) : (
            <NumberInput
              label={`Check ${c + 1}: value`}
              path={at('validation_checks', c, 'value')}
              value={typeof check.value === 'number' ? check.value : null}
              step="any"
              onChange={(value) => setCheck(c, { value: value as number })}
            />
          )}
          {/* The message takes the row under the kind and the value. */}
          <TextInput
            label={`Check ${c + 1}: message`}
            path={at('validation_checks', c, 'message')}
            value={check.message}
            onChange={(message) => setCheck(c, { message })}
            className="sm:col-span-2"
          />
          {!readOnly && (
            <Button
              variant="ghost"
              className="justify-self-start sm:mt-6"
              aria-label={`Remove check ${c + 1} of ${name}`}
              onClick={() => update({ validation_checks: checks.filter((_, i) => i !== c) })}
            >
              Remove
            </Button>
          )}
        </div>
      ))}
      {!readOnly && (
        <Button aria-label={`Add a check to ${name}`} onClick={() => update({ validation_checks: [...checks, { type: 'min_length', value: 1, message: '' }] })}>
          Add check
        </Button>
      )}
    </fieldset>
  );
}
