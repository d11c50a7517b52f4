import { useMemo, useState, type ReactNode } from 'react';
import { describePointer } from '../../../domain/screenDiff';
import { fieldSchema, type SchemaNode } from '../../renderer/core/entityFields';
import { withFormFragment } from '../../renderer/core/formFragments';
import { useScreenRegistries } from '../../renderer/environmentContext';
import { Button } from '../../ui/Button';
import { MoveButtons } from '../../ui/MoveButtons';
import {
  addItem,
  fieldUi,
  formViewOf,
  isRequired,
  itemsOf,
  moveFormField,
  moveItem,
  removeItem,
  setFieldRequired,
  setFieldUi,
  LIST_ITEM,
  listPointer,
  setItem,
  setText,
  textsOf,
  type FormView,
  type ListKey,
} from './definitionEdits';
import { cellsFitting, fieldKind, widgetsFitting } from './fittingChoices';
import { Checkbox, LabelledInput, LabelledSelect } from './StudioFields';
import type { Definition, Problem } from './studioCalls';

interface EditorProps {
  definition: Definition;
  onChange: (next: Definition) => void;
  problems: readonly Problem[];
  /** The fields the server requires of a create form (the check's `required_by_server`): always required. */
  requiredByServer: readonly string[];
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

/** What an item is called in the editor: its label, else its field. */
const nameOf = (item: Record<string, unknown>): string =>
  [item.label, item.field, item.key, item.name].find((value): value is string => typeof value === 'string' && value !== '') ?? '';

const NOUNS: Readonly<Record<ListKey, { noun: string; title: string }>> = {
  columns: { noun: 'column', title: 'Columns' },
  filters: { noun: 'filter', title: 'Filters' },
  tabs: { noun: 'tab', title: 'Tabs' },
  'search.fields': { noun: 'search field', title: 'Search fields' },
};

/** The entity schema a definition's fields are read from: its `entity`, else its resource's. */
function useEntity(definition: Definition, own?: unknown): SchemaNode | undefined {
  const registries = useScreenRegistries();
  const resource = typeof definition.resource === 'string' ? definition.resource : undefined;
  const name =
    [own, definition.entity].find((value): value is string => typeof value === 'string') ?? (resource ? registries.resourceEntities[resource] : undefined);
  return name ? registries.entities[name] : undefined;
}

/** A field's name as a label: `last_login` → "Last login". */
const labelOfField = (field: string) => (field.split('.').at(-1) ?? field).replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * The columns, filters, tabs or search fields of a list: relabel, change the cell (columns, among
 * those that fit the field's type), reorder by the Up and Down buttons (keyboard) or by dragging a
 * row, remove; columns and search fields are added from the resource's fields.
 */
function ListItems({ kind, definition, onChange, problems, readOnly }: EditorProps & { kind: ListKey }) {
  const registries = useScreenRegistries();
  const items = itemsOf(definition, kind);
  const [dragged, setDragged] = useState<number | undefined>();
  const { noun, title } = NOUNS[kind];
  const cells = Object.keys(registries.cells);
  const entity = useEntity(definition);
  const shown = new Set(items.map((item) => String(item.field)));
  const addable =
    kind === 'columns' || kind === 'search.fields'
      ? Object.keys((entity?.properties as SchemaNode | undefined) ?? {}).filter((field) => !shown.has(field))
      : [];
  const [toAdd, setToAdd] = useState('');
  return (
    <Section title={title}>
      <ol className="space-y-2">
        {items.map((item, index) => {
          const name = nameOf(item);
          const id = [item.field, item.key].find((value): value is string => typeof value === 'string') ?? '';
          return (
            <li
              key={`${id}-${index}`}
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
                <span className="w-full truncate text-xs text-slate-600 sm:w-40" title={id}>
                  {id}
                </span>
                <LabelledInput
                  label={`Label of ${noun} ${name}`}
                  value={typeof item.label === 'string' ? item.label : ''}
                  readOnly={readOnly}
                  onChange={(label) => onChange(setItem(definition, kind, index, { label: label === '' ? undefined : label }))}
                />
                {kind === 'columns' && (
                  // The cells that fit the field, and the one named now even if unknown, so that its problem can be seen and mended.
                  <LabelledSelect
                    label={`Cell of column ${name}`}
                    none="By the field's type"
                    value={typeof item.cell === 'string' ? item.cell : ''}
                    choices={cellsFitting(fieldKind(entity && fieldSchema(entity, id)), cells, typeof item.cell === 'string' ? item.cell : '')}
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
              <ProblemsHere problems={problemsAt(problems, `${listPointer(kind)}/${index}`)} />
            </li>
          );
        })}
      </ol>
      {!readOnly && addable.length > 0 && (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <LabelledSelect label={`Add a ${noun} of the field`} none="Choose a field" value={toAdd} choices={addable} onChange={setToAdd} />
          <Button
            disabled={toAdd === ''}
            onClick={() => {
              onChange(addItem(definition, kind as 'columns' | 'search.fields', toAdd, labelOfField(toAdd)));
              setToAdd('');
            }}
          >
            {`Add ${noun}`}
          </Button>
        </div>
      )}
    </Section>
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
function FormFields({ definition, onChange, problems, readOnly, view, requiredByServer }: EditorProps & { view: FormView }) {
  const registries = useScreenRegistries();
  const entity = useEntity(definition, view.form.entity);
  const ownProperties = (view.form.properties ?? {}) as Record<string, SchemaNode | undefined>;
  const kindOf = (field: string) => fieldKind(ownProperties[field] ?? (entity && fieldSchema(entity, field)));
  const registeredWidgets = Object.keys(registries.rjsfWidgets);
  const serverRequires = (field: string) => requiredByServer.includes(field);
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
                    <LabelledSelect
                      label={`Widget of field ${label}`}
                      none="By the field's type"
                      value={typeof ui['ui:widget'] === 'string' && ui['ui:widget'] !== 'hidden' ? ui['ui:widget'] : ''}
                      choices={widgetsFitting(kindOf(field), registeredWidgets, typeof ui['ui:widget'] === 'string' ? ui['ui:widget'] : '')}
                      disabled={readOnly || ui['ui:widget'] === 'hidden'}
                      onChange={(widget) => set('ui:widget', widget === '' ? undefined : widget)}
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
                      label={serverRequires(field) ? 'Required by the server' : 'Required'}
                      checked={serverRequires(field) || isRequired(view, field)}
                      disabled={readOnly || serverRequires(field)}
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

/** A place in words, as a label: "action Add Patient › success" → "Action Add Patient › success". */
const capitalised = (words: string) => words.replace(/^./, (c) => c.toUpperCase());

/**
 * Every other text of the screen, wherever it sits (titles, empty states, success and error messages,
 * actions' labels and confirmations, tabs of a record), each named by its place in words; a search
 * narrows them by place or by text.
 */
function Texts({ definition, onChange, problems, readOnly }: EditorProps) {
  const texts = useMemo(() => textsOf(definition).map((text) => ({ ...text, place: capitalised(describePointer(definition, text.pointer)) })), [definition]);
  const [query, setQuery] = useState('');
  const wanted = query.trim().toLowerCase();
  const shown = wanted === '' ? texts : texts.filter((text) => `${text.place} ${text.value}`.toLowerCase().includes(wanted));
  return (
    <Section title="Texts">
      {texts.length > 8 && (
        <div className="mb-3 max-w-sm">
          <LabelledInput label="Find a text" value={query} onChange={setQuery} readOnly={false} placeholder="A place or a word" />
        </div>
      )}
      <ul className="space-y-2">
        {shown.map((text) => (
          <li key={text.pointer}>
            <LabelledInput label={text.place} value={text.value} readOnly={readOnly} onChange={(value) => onChange(setText(definition, text.pointer, value))} />
            <ProblemsHere problems={problems.filter((problem) => problem.path === text.pointer)} />
          </li>
        ))}
      </ul>
      {shown.length === 0 && <p className="text-sm text-slate-600">No text matches.</p>}
    </Section>
  );
}

/**
 * Whether the structured editor shows a problem at this place itself (an item of a list, the form
 * or one of its fields, a text); the others are listed above it with their place in words.
 */
export function placedInEditor(definition: Definition): (path: string) => boolean {
  const texts = new Set(textsOf(definition).map((text) => text.pointer));
  return (path) => LIST_ITEM.test(path) || /^\/form(?:\/uiSchema\/|$)/.test(path) || texts.has(path);
}

/**
 * Screen Studio's structured editor (issue 21): the common changes with no JSON in sight, on the
 * working definition the JSON editor shows too. Each problem of the checks is shown at its place
 * (a text, a column, a filter, a tab, a search field, a form field); the rest are listed above the
 * editor with their place in words.
 */
export function StructuredEditor(props: EditorProps) {
  const { definition } = props;
  let view: FormView | undefined;
  try {
    view = formViewOf(definition, resolve);
  } catch {
    view = undefined;
  }
  const search = definition.search as { fields?: unknown } | undefined;
  return (
    <div className="space-y-4">
      {Array.isArray(definition.columns) && <ListItems {...props} kind="columns" />}
      {Array.isArray(definition.filters) && <ListItems {...props} kind="filters" />}
      {Array.isArray(definition.tabs) && <ListItems {...props} kind="tabs" />}
      {Array.isArray(search?.fields) && <ListItems {...props} kind="search.fields" />}
      {view && <FormFields {...props} view={view} />}
      <Texts {...props} />
    </div>
  );
}
