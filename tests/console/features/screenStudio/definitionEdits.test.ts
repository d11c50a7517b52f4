import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fieldUi,
  formViewOf,
  isRequired,
  moved,
  moveFormField,
  setFieldRequired,
  setFieldUi,
  setItem,
} from '../../../../src/console/features/screenStudio/definitionEdits';
import type { Definition } from '../../../../src/console/features/screenStudio/studioCalls';
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
});
