import { useId, useState, type ReactNode } from 'react';
import { withFormFragment } from '../../renderer/core/formFragments';
import { useScreenRegistries } from '../../renderer/environmentContext';
import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';
import { Button } from '../../ui/Button';
import { MoveButtons } from '../../ui/MoveButtons';
import {
  addColumn,
  fieldUi,
  formViewOf,
  isRequired,
  itemsOf,
  moveFormField,
  moveItem,
  removeItem,
  setFieldRequired,
  setFieldUi,
  setItem,
  setTitle,
  type FormView,
  type ListKey,
} from './definitionEdits';
import type { Definition, Problem } from './studioCalls';

interface EditorProps {
  definition: Definition;
  onChange: (next: Definition) => void;
  problems: readonly Problem[];
  readOnly: boolean;
}

const resolve = (definition: Definition) => withFormFragment(definition, `draft of ${definition.id}`);

/** The problems at a place of the definition (its JSON pointer and everything under it). */
const problemsAt = (problems: readonly Problem[], pointer: string) =>
  problems.filter((problem) => problem.path === pointer || problem.path.startsWith(`${pointer}/`));

function ProblemsHere({ problems }: { problems: readonly Problem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-sm text-red-700">
      {problems.map((problem) => (
        <li key={`${problem.path}:${problem.message}`}>{problem.message}</li>
      ))}
    </ul>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="mb-3 text-base font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function LabelledInput({
  label,
  value,
  onChange,
  readOnly,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="min-w-48 flex-1">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input id={id} className={INPUT_CLASSES} value={value} placeholder={placeholder} readOnly={readOnly} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

function Checkbox({ label, checked, onChange, disabled }: { label: string; checked: boolean; onChange: (checked: boolean) => void; disabled: boolean }) {
  return (
    <label className="flex items-center gap-1.5 text-sm text-slate-800">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

/** What an item is called in the editor: its label, else its field. */
const nameOf = (item: Record<string, unknown>): string =>
  [item.label, item.field, item.name].find((value): value is string => typeof value === 'string' && value !== '') ?? '';

/**
 * The columns or the filters of a list: relabel, change the cell (columns), reorder by the Up and
 * Down buttons (keyboard) or by dragging a row, remove; columns are added from the resource's fields.
 */
function ListItems({ kind, definition, onChange, problems, readOnly }: EditorProps & { kind: ListKey }) {
  const registries = useScreenRegistries();
  const items = itemsOf(definition, kind);
  const [dragged, setDragged] = useState<number | undefined>();
  const noun = kind === 'columns' ? 'column' : 'filter';
  const cells = Object.keys(registries.cells);
  const resource = typeof definition.resource === 'string' ? definition.resource : undefined;
  const entityName = resource ? registries.resourceEntities[resource] : undefined;
  const entity = entityName ? registries.entities[entityName] : undefined;
  const shown = new Set(items.map((item) => String(item.field)));
  const addable = Object.keys((entity?.properties as Record<string, unknown> | undefined) ?? {}).filter((field) => !shown.has(field));
  const [toAdd, setToAdd] = useState('');
  const addId = useId();
  return (
    <Section title={kind === 'columns' ? 'Columns' : 'Filters'}>
      <ol className="space-y-2">
        {items.map((item, index) => {
          const name = nameOf(item);
          return (
            <li
              key={`${String(item.field)}-${index}`}
              draggable={!readOnly}
              onDragStart={() => setDragged(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={() => {
                if (dragged !== undefined) onChange(moveItem(definition, kind, dragged, index));
                setDragged(undefined);
              }}
              aria-label={`${noun} ${name}`}
              className="rounded-md border border-slate-200 p-2"
            >
              <div className="flex flex-wrap items-end gap-2">
                <span aria-hidden="true" className="cursor-grab select-none px-1 text-slate-400" title="Drag to move">
                  ⠿
                </span>
                <span className="w-full truncate text-xs text-slate-600 sm:w-40" title={String(item.field)}>
                  {String(item.field)}
                </span>
                <LabelledInput
                  label={`Label of ${noun} ${name}`}
                  value={typeof item.label === 'string' ? item.label : ''}
                  readOnly={readOnly}
                  onChange={(label) => onChange(setItem(definition, kind, index, { label: label === '' ? undefined : label }))}
                />
                {kind === 'columns' && (
                  <CellSelect
                    name={name}
                    value={typeof item.cell === 'string' ? item.cell : ''}
                    cells={cells}
                    disabled={readOnly}
                    onChange={(cell) => onChange(setItem(definition, kind, index, { cell: cell === '' ? undefined : cell }))}
                  />
                )}
                {!readOnly && (
                  <>
                    <MoveButtons
                      name={`${noun} ${name}`}
                      index={index}
                      count={items.length}
                      onMove={(delta) => onChange(moveItem(definition, kind, index, index + delta))}
                    />
                    <Button variant="ghost" aria-label={`Remove ${noun} ${name}`} onClick={() => onChange(removeItem(definition, kind, index))}>
                      Remove
                    </Button>
                  </>
                )}
              </div>
              <ProblemsHere problems={problemsAt(problems, `/${kind}/${index}`)} />
            </li>
          );
        })}
      </ol>
      {kind === 'columns' && !readOnly && addable.length > 0 && (
        <div className="mt-3 flex items-end gap-2">
          <div>
            <label htmlFor={addId} className="block text-xs font-medium text-slate-700">
              Add a column of the field
            </label>
            <select id={addId} className={INPUT_CLASSES} value={toAdd} onChange={(event) => setToAdd(event.target.value)}>
              <option value="">Choose a field</option>
              {addable.map((field) => (
                <option key={field} value={field}>
                  {field}
                </option>
              ))}
            </select>
          </div>
          <Button
            disabled={toAdd === ''}
            onClick={() => {
              onChange(
                addColumn(
                  definition,
                  toAdd,
                  toAdd.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase()),
                ),
              );
              setToAdd('');
            }}
          >
            Add column
          </Button>
        </div>
      )}
    </Section>
  );
}

function CellSelect({
  name,
  value,
  cells,
  disabled,
  onChange,
}: {
  name: string;
  value: string;
  cells: string[];
  disabled: boolean;
  onChange: (cell: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {`Cell of column ${name}`}
      </label>
      <select id={id} className={INPUT_CLASSES} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        <option value="">By the field&apos;s type</option>
        {/* A cell named by a definition but unknown stays shown, so that its problem can be seen and mended. */}
        {[...new Set([...(value ? [value] : []), ...cells])].map((cell) => (
          <option key={cell} value={cell}>
            {cell}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The fields a form-wide problem of the contract names: `POST /patients requires "user.first_name", ...` (contractChecks.ts). */
const REQUIRED_BY_SERVER = /requires ((?:"[^"]+"(?:, )?)+), which the form does not send$/;
const fieldsRequiredBy = (problem: Problem): string[] => {
  const match = REQUIRED_BY_SERVER.exec(problem.message);
  return match?.[1] ? [...match[1].matchAll(/"([^"]+)"/g)].map((found) => found[1] ?? '') : [];
};
const SERVER_NEEDS_IT = 'The server needs this field to create the record: it cannot be hidden or left out of the form.';

/** A form's fields in their groups: label, help, hidden, read-only, required, order within the group. */
function FormFields({ definition, onChange, problems, readOnly, view }: EditorProps & { view: FormView }) {
  const atForm = problems.filter((problem) => problem.path === '/form');
  const listed = new Set(view.groups.flatMap((group) => group.fields));
  // A field the server requires, hidden: its problem is shown at the field, in words; the others (a field left out) at the form.
  const formWide = atForm.filter((problem) => !fieldsRequiredBy(problem).some((field) => listed.has(field)));
  const neededHere = (field: string) => atForm.some((problem) => fieldsRequiredBy(problem).includes(field));
  return (
    <Section title="Form fields">
      <ProblemsHere problems={formWide} />
      {view.groups.map((group, g) => (
        <div key={`${group.title ?? ''}-${g}`} className="mb-4">
          {group.title && <h4 className="mb-2 text-sm font-semibold text-slate-800">{group.title}</h4>}
          <ol className="space-y-2">
            {group.fields.map((field, index) => {
              const ui = fieldUi(view, field);
              const label = typeof ui['ui:title'] === 'string' ? ui['ui:title'] : field;
              const set = (key: Parameters<typeof setFieldUi>[3], value: unknown) => onChange(setFieldUi(definition, view, field, key, value));
              return (
                <li key={field} aria-label={`field ${label}`} className="rounded-md border border-slate-200 p-2">
                  <div className="flex flex-wrap items-end gap-2">
                    <span className="w-full truncate text-xs text-slate-600 sm:w-40" title={field}>
                      {field}
                    </span>
                    <LabelledInput
                      label={`Label of field ${label}`}
                      value={typeof ui['ui:title'] === 'string' ? ui['ui:title'] : ''}
                      readOnly={readOnly}
                      onChange={(value) => set('ui:title', value === '' ? undefined : value)}
                    />
                    <LabelledInput
                      label={`Help of field ${label}`}
                      value={typeof ui['ui:help'] === 'string' ? ui['ui:help'] : ''}
                      readOnly={readOnly}
                      onChange={(value) => set('ui:help', value === '' ? undefined : value)}
                    />
                    <Checkbox
                      label="Hidden"
                      checked={ui['ui:widget'] === 'hidden'}
                      disabled={readOnly}
                      onChange={(hidden) => set('ui:widget', hidden ? 'hidden' : undefined)}
                    />
                    <Checkbox
                      label="Read-only"
                      checked={ui['ui:readonly'] === true}
                      disabled={readOnly}
                      onChange={(value) => set('ui:readonly', value ? true : undefined)}
                    />
                    <Checkbox
                      label="Required"
                      checked={isRequired(view, field)}
                      disabled={readOnly}
                      onChange={(value) => onChange(setFieldRequired(definition, view, field, value))}
                    />
                    {!readOnly && (
                      <MoveButtons
                        name={`field ${label}`}
                        index={index}
                        count={group.fields.length}
                        onMove={(delta) => onChange(moveFormField(definition, view, field, delta))}
                      />
                    )}
                  </div>
                  <ProblemsHere
                    problems={[...(neededHere(field) ? [{ path: '/form', message: SERVER_NEEDS_IT }] : []), ...problemsAt(problems, `/form/uiSchema/${field}`)]}
                  />
                </li>
              );
            })}
          </ol>
        </div>
      ))}
    </Section>
  );
}

/**
 * Screen Studio's structured editor (issue 21): the common changes with no JSON in sight, on the
 * working definition the JSON editor shows too. Each problem of the checks is shown at its place
 * (a column, a filter, a form field); the rest are listed above the editor with their place in words.
 */
export function StructuredEditor(props: EditorProps) {
  const { definition, onChange, readOnly, problems } = props;
  let view: FormView | undefined;
  try {
    view = formViewOf(definition, resolve);
  } catch {
    view = undefined;
  }
  return (
    <div className="space-y-4">
      <Section title="Texts">
        <LabelledInput
          label="Title"
          value={typeof definition.title === 'string' ? definition.title : ''}
          readOnly={readOnly}
          onChange={(title) => onChange(setTitle(definition, title))}
        />
        <ProblemsHere problems={problemsAt(problems, '/title')} />
      </Section>
      {Array.isArray(definition.columns) && <ListItems {...props} kind="columns" />}
      {Array.isArray(definition.filters) && <ListItems {...props} kind="filters" />}
      {view && <FormFields {...props} view={view} />}
    </div>
  );
}
