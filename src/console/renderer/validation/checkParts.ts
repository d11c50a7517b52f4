import type { ActionDefinition, Card, FieldView, FormDefinition, ListBody, PanelDefinition } from '../../../../schemas/screen';
import { entityOf, fieldSchema, type SchemaNode } from '../core/entityFields';
import { rowSchemaOf } from '../core/recordRows';
import { formFields } from '../core/formLayout';
import { at, resolveEntry, type DefinitionLocation } from '../core/resolve';
import { compileFormSchema } from './ajv';
import type { ScreenChecker } from './ScreenChecker';

/** A column, summary item or card item: the field exists, the cell and its options are known, the condition reads real fields. */
export function checkFieldView(checker: ScreenChecker, view: FieldView, location: DefinitionLocation, entity: SchemaNode): void {
  checker.field(entity, view.field, at(location, 'field'));
  if (view.cell !== undefined) checker.entry(checker.registries.cells, 'cell', view.cell, view.options, location, 'cell');
  checker.condition(view.visibleWhen, at(location, 'visibleWhen'), entity);
  checker.condition(view.maskedWhen, at(location, 'maskedWhen'), entity);
}

/** `ui:widget` names anywhere in a uiSchema. */
function checkUiSchema(checker: ScreenChecker, uiSchema: unknown, location: DefinitionLocation): void {
  if (typeof uiSchema !== 'object' || uiSchema === null) return;
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key === 'ui:widget' && typeof value === 'string')
      checker.attempt(() => resolveEntry(checker.registries.rjsfWidgetNames, 'RJSF widget', value, at(location, key)));
    else if (key === 'ui:field' && typeof value === 'string')
      checker.attempt(() => resolveEntry(checker.registries.rjsfFieldNames, 'RJSF field', value, at(location, key)));
    else checkUiSchema(checker, value, at(location, key));
  }
}

/** A form's sections: their fields and their groups' fields are entity fields; the groups' conditions are sound. */
function checkSections(
  checker: ScreenChecker,
  form: FormDefinition,
  location: DefinitionLocation,
  entity: SchemaNode,
  recordEntity: SchemaNode | undefined,
): void {
  (form.sections ?? []).forEach((section, i) => {
    (section.fields ?? []).forEach((field, j) => checker.field(entity, field, at(location, i, 'fields', j)));
    (section.groups ?? []).forEach((group, j) => {
      group.fields.forEach((field, k) => checker.field(entity, field, at(location, i, 'groups', j, 'fields', k)));
      checker.condition(group.showWhen, at(location, i, 'groups', j, 'showWhen'), recordEntity);
    });
  });
}

/** A form: entity fields exist, extra properties are JSON Schemas, every field it names is one of its fields. */
export function checkForm(
  checker: ScreenChecker,
  form: FormDefinition,
  location: DefinitionLocation,
  entity: SchemaNode,
  recordEntity: SchemaNode | undefined,
): void {
  (form.fields ?? []).forEach((field, i) => checker.field(entity, field, at(location, 'fields', i)));
  checkSections(checker, form, at(location, 'sections'), entity, recordEntity);
  // A dotted field (`user.first_name`) makes its objects (`user`) fields of the form as well.
  const prefixes = formFields(form).flatMap((field) =>
    field
      .split('.')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('.')),
  );
  const known = new Set([...formFields(form), ...prefixes, ...Object.keys(form.properties ?? {})]);
  const named = (list: readonly string[] | undefined, key: string) =>
    (list ?? []).forEach((field, i) => known.has(field) || checker.fail(at(location, key, i), `"${field}" is not a field of this form`));
  named(form.required, 'required');
  named(form.omit, 'omit');
  named(Object.keys(form.clearAs ?? {}), 'clearAs');
  (form.generators ?? []).forEach((generator, i) => {
    checker.attempt(() => resolveEntry(checker.registries.formGenerators, 'form generator', generator.generator, at(location, 'generators', i, 'generator')));
    checker.condition(generator.visibleWhen, at(location, 'generators', i, 'visibleWhen'), recordEntity);
  });
  for (const [field, rule] of Object.entries(form.validate ?? {})) {
    const here = at(location, 'validate', field);
    if (!known.has(field.split('.')[0] ?? '')) checker.fail(here, `"${field}" is not a field of this form`);
    checker.attempt(() => resolveEntry(checker.registries.fieldRules, 'field rule', rule, here));
  }
  for (const [field, source] of Object.entries(form.choices ?? {})) {
    const here = at(location, 'choices', field);
    if (!known.has(field.split('.')[0] ?? '')) checker.fail(here, `"${field}" is not a field of this form`);
    checker.attempt(() => resolveEntry(checker.registries.choices, 'choice source', source, here));
  }
  (form.hidden ?? []).forEach((rule, i) => {
    if (!known.has(rule.field)) checker.fail(at(location, 'hidden', i, 'field'), `"${rule.field}" is not a field of this form`);
    checker.condition(rule.when, at(location, 'hidden', i, 'when'), recordEntity);
  });
  (form.notices ?? []).forEach((notice, i) => {
    checker.condition(notice.when, at(location, 'notices', i, 'when'), recordEntity);
    checker.template(notice.text, at(location, 'notices', i, 'text'), recordEntity);
  });
  // An assigned field may be one the form does not show (a device's status), so it is checked against the entity.
  (form.assign ?? []).forEach((rule, i) => {
    if (!known.has(rule.field)) checker.field(entity, rule.field, at(location, 'assign', i, 'field'));
    checker.condition(rule.when, at(location, 'assign', i, 'when'), recordEntity);
  });
  try {
    compileFormSchema({ type: 'object', ...form.schema, properties: form.properties ?? {} });
  } catch (error) {
    checker.fail(at(location, 'properties'), `not a valid JSON Schema: ${error instanceof Error ? error.message : String(error)}`);
  }
  checkUiSchema(checker, form.uiSchema, at(location, 'uiSchema'));
}

/** An action: its type is known, its conditions, templates and form fit the record and the resource it sends to. */
export function checkAction(
  checker: ScreenChecker,
  action: ActionDefinition,
  location: DefinitionLocation,
  resource: string,
  recordEntity: SchemaNode | undefined,
): void {
  checker.attempt(() => resolveEntry(checker.registries.actionTypes, 'action', action.type, at(location, 'type')));
  checker.condition(action.visibleWhen, at(location, 'visibleWhen'), recordEntity);
  checker.condition(action.disabledWhen, at(location, 'disabledWhen'), recordEntity);
  if (action.type === 'navigate') checker.template(action.to, at(location, 'to'), recordEntity);
  if (action.type === 'download') {
    checker.template(action.path, at(location, 'path'), recordEntity);
    (action.requires ?? []).forEach((requirement, i) => checker.condition(requirement.when, at(location, 'requires', i, 'when'), recordEntity));
    if (action.form) {
      // A form says under its fields what is missing: the parameters' requirements are not for it.
      if (action.parameters || action.requires) checker.fail(location, 'a download has either parameters (with their requires) or a form');
      const named = action.entity === undefined ? {} : { entity: action.entity };
      const target = checker.attempt(() =>
        entityOf({ resource, ...named }, at(location, action.entity === undefined ? 'resource' : 'entity'), checker.registries),
      );
      if (target) checkForm(checker, action.form, at(location, 'form'), target, recordEntity);
    }
  }
  if (action.type === 'dialog_form' || action.type === 'confirm' || action.type === 'bulk') {
    checker.templates(action.payload, at(location, 'payload'), recordEntity);
    checker.resultText(action.success, at(location, 'success'), recordEntity);
    if (action.path !== undefined) checker.template(action.path, at(location, 'path'), recordEntity);
    const named = action.entity === undefined ? {} : { entity: action.entity };
    const target = checker.attempt(() =>
      entityOf({ resource: action.resource ?? resource, ...named }, at(location, action.entity === undefined ? 'resource' : 'entity'), checker.registries),
    );
    // What the action loads is in the record under its name, for the load's and the form's conditions.
    const withLoaded = action.load ? withLoadedField(recordEntity, action.load.as) : recordEntity;
    if (action.load) {
      checker.template(action.load.path, at(location, 'load', 'path'), recordEntity);
      checker.condition(action.load.enabledWhen, at(location, 'load', 'enabledWhen'), withLoaded);
    }
    if ('form' in action && action.form && target) checkForm(checker, action.form, at(location, 'form'), target, withLoaded);
  }
}

/** A record entity with an open object under `name`: an action's loaded answer, whose shape the definition does not declare. */
function withLoadedField(entity: SchemaNode | undefined, name: string): SchemaNode | undefined {
  if (!entity) return undefined;
  return { ...entity, properties: { ...(entity.properties as SchemaNode | undefined), [name]: { type: 'object' } } };
}

export function checkActions(
  checker: ScreenChecker,
  actions: readonly ActionDefinition[] | undefined,
  location: DefinitionLocation,
  resource: string,
  recordEntity: SchemaNode | undefined,
): void {
  (actions ?? []).forEach((action, i) => checkAction(checker, action, at(location, i), resource, recordEntity));
}

/**
 * A card: fields of the record, a list (whose fixed filter may read the record), a widget, a table
 * of an array field of the record, a link, actions (on the screen's `resource`; a dashboard has none,
 * so its actions name their own).
 */
export function checkCard(
  checker: ScreenChecker,
  card: Card,
  location: DefinitionLocation,
  recordEntity: SchemaNode | undefined,
  checkList: (location: DefinitionLocation) => void,
  resource = '',
): void {
  checker.condition(card.visibleWhen, at(location, 'visibleWhen'), recordEntity);
  checker.condition(card.topWhen, at(location, 'topWhen'), recordEntity);
  if (card.fields) {
    if (!recordEntity) checker.fail(at(location, 'fields'), 'fields need a record; this card has none');
    else card.fields.forEach((view, i) => checkFieldView(checker, view, at(location, 'fields', i), recordEntity));
  }
  if (card.list) checkList(at(location, 'list'));
  if (card.widget) checker.entry(checker.registries.widgets, 'widget', card.widget.name, card.widget.options, at(location, 'widget'), 'name');
  if (card.table) checkCardTable(checker, card.table, at(location, 'table'), recordEntity);
  if (card.link) checker.template(card.link.to, at(location, 'link', 'to'), recordEntity);
  checkActions(checker, card.actions, at(location, 'actions'), resource, recordEntity);
  const parts = [card.fields, card.list, card.widget, card.table].filter((part) => part !== undefined).length;
  if (parts > 1 || (parts === 0 && !card.actions?.length)) checker.fail(location, 'a card has exactly one of fields, list, widget and table, or only actions');
}

/** A record's side panel: its tabs (one of a list and a widget each), the default-tab rules naming real tabs, the badge's resource and filter. */
export function checkPanel(
  checker: ScreenChecker,
  panel: PanelDefinition,
  location: DefinitionLocation,
  recordEntity: SchemaNode,
  checkList: (list: ListBody, location: DefinitionLocation) => void,
): void {
  const keys = new Set<string>();
  panel.tabs.forEach((tab, i) => {
    const here = at(location, 'tabs', i);
    if (keys.has(tab.key)) checker.fail(at(here, 'key'), `the tab key "${tab.key}" is used twice`);
    keys.add(tab.key);
    checker.condition(tab.visibleWhen, at(here, 'visibleWhen'), recordEntity);
    // Both is a widget heading its list (the Activity tab: the activities to run, then the runs).
    if (tab.list === undefined && tab.widget === undefined) checker.fail(here, 'a panel tab has a list, a widget or both');
    if (tab.list) checkList(tab.list, at(here, 'list'));
    if (tab.widget) checker.entry(checker.registries.widgets, 'widget', tab.widget.name, tab.widget.options, at(here, 'widget'), 'name');
  });
  (panel.defaultTab ?? []).forEach((rule, i) => {
    if (!keys.has(rule.tab)) checker.fail(at(location, 'defaultTab', i, 'tab'), `"${rule.tab}" is not a tab of this panel`);
    checker.condition(rule.when, at(location, 'defaultTab', i, 'when'), recordEntity);
  });
  if ((panel.minSize ?? 0) > (panel.defaultSize ?? 100)) checker.fail(at(location, 'minSize'), 'minSize is larger than defaultSize');
  const badge = panel.badge;
  if (badge) {
    const target = checker.attempt(() => entityOf({ resource: badge.resource }, at(location, 'badge', 'resource'), checker.registries));
    if (target) checker.filterObject(badge.filter, at(location, 'badge', 'filter'), target, recordEntity);
    checker.condition(badge.visibleWhen, at(location, 'badge', 'visibleWhen'), recordEntity);
  }
}

/** A card's table: an array of objects in the record, whose columns are fields of one item. */
function checkCardTable(checker: ScreenChecker, table: NonNullable<Card['table']>, location: DefinitionLocation, recordEntity: SchemaNode | undefined): void {
  if (!recordEntity) return checker.fail(location, 'a table needs a record; this card has none');
  const field = fieldSchema(recordEntity, table.field);
  if (!field) return checker.field(recordEntity, table.field, at(location, 'field'));
  const items = rowSchemaOf(field);
  if (!items) return checker.fail(at(location, 'field'), `"${table.field}" is not a list of records`);
  table.columns.forEach((view, i) => checkFieldView(checker, view, at(location, 'columns', i), items));
}
