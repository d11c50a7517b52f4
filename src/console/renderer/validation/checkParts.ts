import type { ActionDefinition, Card, FieldView, FormDefinition } from '../../../../schemas/screen';
import { entityOf, type SchemaNode } from '../core/entityFields';
import { at, resolveEntry, type DefinitionLocation } from '../core/resolve';
import { actionRegistry } from '../registries/actions';
import { cellRegistry } from '../registries/cells';
import type { RegistryEntry } from '../registries/registryEntry';
import { widgetRegistry } from '../registries/widgets';
import { rjsfWidgetRegistry } from '../rjsf/theme';
import { ajv } from './ajv';
import type { ScreenChecker } from './ScreenChecker';

type Entries = Readonly<Record<string, RegistryEntry<never>>>;

/** A column, summary item or card item: the field exists, the cell and its options are known, the condition reads real fields. */
export function checkFieldView(checker: ScreenChecker, view: FieldView, location: DefinitionLocation, entity: SchemaNode): void {
  checker.field(entity, view.field, at(location, 'field'));
  if (view.cell !== undefined) checker.entry(cellRegistry as unknown as Entries, 'cell', view.cell, view.options, location, 'cell');
  checker.condition(view.visibleWhen, at(location, 'visibleWhen'), entity);
}

/** `ui:widget` names anywhere in a uiSchema. */
function checkUiSchema(checker: ScreenChecker, uiSchema: unknown, location: DefinitionLocation): void {
  if (typeof uiSchema !== 'object' || uiSchema === null) return;
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key === 'ui:widget' && typeof value === 'string') checker.attempt(() => resolveEntry(rjsfWidgetRegistry, 'RJSF widget', value, at(location, key)));
    else checkUiSchema(checker, value, at(location, key));
  }
}

/** A form: entity fields exist, extra properties are JSON Schemas, every field it names is one of its fields. */
export function checkForm(checker: ScreenChecker, form: FormDefinition, location: DefinitionLocation, entity: SchemaNode, recordEntity: SchemaNode | undefined): void {
  (form.fields ?? []).forEach((field, i) => checker.field(entity, field, at(location, 'fields', i)));
  const known = new Set([...(form.fields ?? []), ...Object.keys(form.properties ?? {})]);
  const named = (list: readonly string[] | undefined, key: string) =>
    (list ?? []).forEach((field, i) => known.has(field) || checker.fail(at(location, key, i), `"${field}" is not a field of this form`));
  named(form.required, 'required');
  named(form.omit, 'omit');
  (form.hidden ?? []).forEach((rule, i) => {
    if (!known.has(rule.field)) checker.fail(at(location, 'hidden', i, 'field'), `"${rule.field}" is not a field of this form`);
    checker.condition(rule.when, at(location, 'hidden', i, 'when'), recordEntity);
  });
  // An assigned field may be one the form does not show (a device's status), so it is checked against the entity.
  (form.assign ?? []).forEach((rule, i) => {
    if (!known.has(rule.field)) checker.field(entity, rule.field, at(location, 'assign', i, 'field'));
    checker.condition(rule.when, at(location, 'assign', i, 'when'), recordEntity);
  });
  try {
    ajv.compile({ type: 'object', ...form.schema, properties: form.properties ?? {} });
  } catch (error) {
    checker.fail(at(location, 'properties'), `not a valid JSON Schema: ${error instanceof Error ? error.message : String(error)}`);
  }
  checkUiSchema(checker, form.uiSchema, at(location, 'uiSchema'));
}

/** An action: its type is known, its conditions, templates and form fit the record and the resource it sends to. */
export function checkAction(checker: ScreenChecker, action: ActionDefinition, location: DefinitionLocation, resource: string, recordEntity: SchemaNode | undefined): void {
  checker.attempt(() => resolveEntry(actionRegistry, 'action', action.type, at(location, 'type')));
  checker.condition(action.visibleWhen, at(location, 'visibleWhen'), recordEntity);
  checker.condition(action.disabledWhen, at(location, 'disabledWhen'), recordEntity);
  if (action.type === 'navigate') checker.template(action.to, at(location, 'to'), recordEntity);
  if (action.type === 'download') checker.template(action.path, at(location, 'path'), recordEntity);
  if (action.type === 'dialog_form' || action.type === 'confirm' || action.type === 'bulk') {
    checker.templates(action.payload, at(location, 'payload'), recordEntity);
    const target = checker.attempt(() => entityOf({ resource: action.resource ?? resource }, at(location, 'resource')));
    if ('form' in action && action.form && target) checkForm(checker, action.form, at(location, 'form'), target, recordEntity);
  }
}

export function checkActions(checker: ScreenChecker, actions: readonly ActionDefinition[] | undefined, location: DefinitionLocation, resource: string, recordEntity: SchemaNode | undefined): void {
  (actions ?? []).forEach((action, i) => checkAction(checker, action, at(location, i), resource, recordEntity));
}

/** A card: fields of the record, a list (whose fixed filter may read the record), a widget, a link. */
export function checkCard(checker: ScreenChecker, card: Card, location: DefinitionLocation, recordEntity: SchemaNode | undefined, checkList: (location: DefinitionLocation) => void): void {
  checker.condition(card.visibleWhen, at(location, 'visibleWhen'), recordEntity);
  if (card.fields) {
    if (!recordEntity) checker.fail(at(location, 'fields'), 'fields need a record; this card has none');
    else card.fields.forEach((view, i) => checkFieldView(checker, view, at(location, 'fields', i), recordEntity));
  }
  if (card.list) checkList(at(location, 'list'));
  if (card.widget) checker.entry(widgetRegistry as unknown as Entries, 'widget', card.widget.name, card.widget.options, at(location, 'widget'), 'name');
  if (card.link) checker.template(card.link.to, at(location, 'link', 'to'), recordEntity);
  const parts = [card.fields, card.list, card.widget].filter((part) => part !== undefined).length;
  if (parts !== 1) checker.fail(location, 'a card has exactly one of fields, list and widget');
}
