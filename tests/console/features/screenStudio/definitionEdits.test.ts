import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  fieldUi,
  formViewOf,
  isRequired,
  moved,
  moveFormField,
  setFieldRequired,
  setFieldUi,
  moveItem,
  removeItem,
  setItem,
  setText,
  textsOf,
} from '../../../../src/console/features/screenStudio/definitionEdits';
import type { Definition } from '../../../../src/console/features/screenStudio/studioCalls';
import { cellsFitting, fieldKind, widgetsFitting } from '../../../../src/console/features/screenStudio/fittingChoices';
import { withFormFragment } from '../../../../src/console/renderer/core/formFragments';

const load = (id: string) => JSON.parse(readFileSync(join(import.meta.dirname, `../../../../screens/${id}.json`), 'utf8')) as Definition;
const resolve = (definition: Definition) => withFormFragment(definition, definition.id);

describe('the structured editor’s changes', () => {
  it('moves an item within bounds and leaves the list alone out of them', () => {
    expect(moved(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('drops a key set to undefined (a label emptied falls back to the field’s)', () => {
    const list = load('locations.list');
    const next = setItem(list, 'columns', 1, { label: undefined });
    const { label: _label, ...rest } = (list.columns as Record<string, unknown>[])[1] ?? {};
    expect((next.columns as Record<string, unknown>[])[1]).toStrictEqual(rest);
    expect(Object.keys((list.columns as Record<string, unknown>[])[1] ?? {})).toContain('label');
  });

  it('edits Add Patient’s fragment form in the screen’s own form, leaving the fragment shared', () => {
    const create = load('patients.create');
    const view = formViewOf(create, resolve);
    expect(view?.groups[0]?.fields.slice(0, 3)).toEqual(['user.first_name', 'user.middle_name', 'user.last_name']);
    const moved = moveFormField(create, view!, 'user.middle_name', 1);
    const form = moved.form as Record<string, unknown>;
    expect(form.fragment).toBe('patient.form');
    expect(formViewOf(moved, resolve)?.groups[0]?.fields.slice(0, 3)).toEqual(['user.first_name', 'user.last_name', 'user.middle_name']);
    // The other sections come along whole, as the fragment has them.
    expect(formViewOf(moved, resolve)?.groups.slice(1)).toEqual(view?.groups.slice(1));

    const hidden = setFieldUi(create, view!, 'user.email', 'ui:widget', 'hidden');
    const hiddenView = formViewOf(hidden, resolve)!;
    expect(fieldUi(hiddenView, 'user.email')).toEqual({ 'ui:title': 'Email', 'ui:help': 'required for mobile app access', 'ui:widget': 'hidden' });
    const shownAgain = setFieldUi(hidden, hiddenView, 'user.email', 'ui:widget', undefined);
    expect(fieldUi(formViewOf(shownAgain, resolve)!, 'user.email')).toEqual({ 'ui:title': 'Email', 'ui:help': 'required for mobile app access' });

    const required = setFieldRequired(create, view!, 'user.email', true);
    expect(isRequired(formViewOf(required, resolve)!, 'user.email')).toBe(true);
    expect(isRequired(formViewOf(setFieldRequired(required, formViewOf(required, resolve)!, 'user.email', false), resolve)!, 'user.email')).toBe(false);
  });

  it('edits the search fields inside the search, keeping its other keys', () => {
    const list = load('users.list');
    const search = list.search as { fields: { field: string }[]; minLength: number };
    const added = addItem(list, 'search.fields', 'email', 'Email');
    expect((added.search as typeof search).fields.map((field) => field.field)).toEqual(['full_name', 'id', 'email']);
    expect((added.search as typeof search).minLength).toBe(search.minLength);
    const reordered = moveItem(added, 'search.fields', 2, 0);
    expect((reordered.search as typeof search).fields.map((field) => field.field)).toEqual(['email', 'full_name', 'id']);
    expect((removeItem(reordered, 'tabs', 2).tabs as { key: string }[]).map((tab) => tab.key)).toEqual(['active', 'inactive']);
  });

  it('finds every text a user reads, at any depth, but those the lists and the form edit', () => {
    const list = load('users.list');
    const texts = textsOf(list);
    const pointers = texts.map((text) => text.pointer);
    expect(pointers[0]).toBe('/title');
    expect(pointers).toContain('/actions/0/label');
    // Column labels are the Columns section's; a form property's title is a text here.
    expect(pointers).not.toContain('/columns/0/label');
    expect(pointers).toContain('/actions/0/form/properties/role/title');
    expect(pointers.some((pointer) => /^\/actions\/0\/form\/properties\/role\/oneOf\/\d+\/title$/.test(pointer))).toBe(true);
    const renamed = setText(list, '/actions/0/label', 'Invite a user');
    expect((renamed.actions as { label: string }[])[0]?.label).toBe('Invite a user');
    expect(textsOf(renamed).find((text) => text.pointer === '/actions/0/label')?.value).toBe('Invite a user');
    // Nothing else changed, and the original is untouched.
    expect(setText(renamed, '/actions/0/label', (list.actions as { label: string }[])[0]!.label)).toEqual(list);
    expect((list.actions as { label: string }[])[0]?.label).toBe('Create User');
  });

  it('reads an empty state’s texts by case and keys escaped in the pointer', () => {
    const definition = {
      id: 'x',
      version: 1,
      empty: { list: 'No calls', filtered: 'No match' },
      form: { uiSchema: { 'a/b': { 'ui:placeholder': 'Type' } } },
    } as Definition;
    expect(textsOf(definition)).toEqual([
      { pointer: '/empty/list', value: 'No calls' },
      { pointer: '/empty/filtered', value: 'No match' },
      { pointer: '/form/uiSchema/a~1b/ui:placeholder', value: 'Type' },
    ]);
    expect(setText(definition, '/form/uiSchema/a~1b/ui:placeholder', 'Write')).toEqual({
      ...definition,
      form: { uiSchema: { 'a/b': { 'ui:placeholder': 'Write' } } },
    });
  });
});

describe('the cells and widgets that fit a field', () => {
  const cells = ['text', 'badge', 'boolean', 'date', 'datetime', 'relative', 'money', 'phone', 'reference', 'tags', 'triage'];
  it('offers a date-time column only the cells that draw a time, and keeps a feature cell where it is named', () => {
    expect(fieldKind({ type: ['string', 'null'], format: 'date-time' })).toBe('date-time');
    expect(cellsFitting('date-time', cells)).toEqual(['text', 'date', 'datetime', 'relative']);
    expect(cellsFitting('boolean', cells)).toEqual(['text', 'badge', 'boolean']);
    expect(cellsFitting('integer', cells, 'triage')).toEqual(['triage', 'text', 'money', 'reference']);
    // A field the schema does not know (a computed one): every generic cell.
    expect(cellsFitting(fieldKind(undefined), cells)).not.toContain('triage');
    expect(cellsFitting(fieldKind(undefined), cells)).toHaveLength(cells.length - 1);
  });

  it('offers a choice the select and radios, a flag a checkbox or the console’s switch, and never `hidden`', () => {
    expect(fieldKind({ type: 'string', enum: ['a', 'b', null] })).toBe('choice');
    expect(widgetsFitting('choice', [])).toEqual(['select', 'radio']);
    expect(widgetsFitting('boolean', ['switch', 'icd10_code'])).toEqual(['select', 'radio', 'checkbox', 'switch']);
    expect(widgetsFitting('boolean', [])).not.toContain('switch');
    expect(widgetsFitting('text', ['icd10_code'], 'icd10_code')).toEqual(['icd10_code', 'text', 'textarea', 'email', 'password', 'time']);
    expect(widgetsFitting('date', [], 'hidden')).toEqual(['date', 'alt-date']);
    expect(fieldKind({ type: 'array', items: { type: 'string', enum: ['x'] } })).toBe('choices');
    expect(widgetsFitting('choices', [])).toEqual(['select', 'checkboxes']);
  });
});
