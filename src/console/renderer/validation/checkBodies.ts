import type { ListBody, ShowBody } from '../../../../schemas/screen';
import { entityOf, type SchemaNode } from '../core/entityFields';
import { LIST_ADDRESS_KEYS } from '../core/listAddress';
import { at, type DefinitionLocation } from '../core/resolve';
import { checkActions, checkCard, checkFieldView, checkPanel } from './checkParts';
import type { ScreenChecker } from './ScreenChecker';

/** A list body. `parentEntity` is the entity of the record around it (a show screen's), which its fixed filter may read. */
export function checkListBody(checker: ScreenChecker, body: ListBody, location: DefinitionLocation, parentEntity: SchemaNode | undefined): void {
  const entity = checker.attempt(() => entityOf(body, at(location, body.entity === undefined ? 'resource' : 'entity'), checker.registries));
  if (!entity) return;
  checker.template(body.resource, at(location, 'resource'), parentEntity);
  if (body.sort) checker.field(entity, body.sort.field, at(location, 'sort', 'field'));
  checker.filterObject(body.filter, at(location, 'filter'), entity, parentEntity);
  (body.tabs ?? []).forEach((tab, i) => checker.filterObject(tab.filter, at(location, 'tabs', i, 'filter'), entity, parentEntity));
  (body.search?.fields ?? []).forEach((field, i) => {
    const here = at(location, 'search', 'fields', i);
    checker.field(entity, field.field, at(here, 'field'));
    if (field.lookup) {
      const lookup = field.lookup;
      const target = checker.attempt(() => entityOf({ resource: lookup.resource }, at(here, 'lookup', 'resource'), checker.registries));
      if (target) checker.field(target, lookup.field, at(here, 'lookup', 'field'));
    }
  });
  (body.filters ?? []).forEach((filter, i) => {
    const here = at(location, 'filters', i);
    checker.field(entity, filter.field, at(here, 'field'));
    checker.entry(checker.registries.filters, 'filter', filter.type, filter.options, here, 'type');
    checker.condition(filter.visibleWhen, at(here, 'visibleWhen'), undefined);
    // A list screen keeps each filter in its address under the filter's field (core/listAddress.ts).
    if ((LIST_ADDRESS_KEYS as readonly string[]).includes(filter.field) || filter.field === body.tabParam)
      checker.fail(
        at(here, 'field'),
        `"${filter.field}" is a key of the list's address (${[...LIST_ADDRESS_KEYS, body.tabParam ?? 'tab'].join(', ')}); a filter cannot use it`,
      );
  });
  body.columns.forEach((column, i) => checkFieldView(checker, column, at(location, 'columns', i), entity));
  // Values given to filters (start, reset, required) must name filters the list has.
  const filterFields = new Set((body.filters ?? []).map((filter) => filter.field));
  const named = (fields: readonly string[], here: DefinitionLocation) =>
    fields.forEach((field) => filterFields.has(field) || checker.fail(at(here, field), `"${field}" is not a filter of this list`));
  named(Object.keys(body.initialFilters ?? {}), at(location, 'initialFilters'));
  named(Object.keys(body.empty?.reset?.filters ?? {}), at(location, 'empty', 'reset', 'filters'));
  (body.requiresFilter?.fields ?? []).forEach(
    (field, i) => filterFields.has(field) || checker.fail(at(location, 'requiresFilter', 'fields', i), `"${field}" is not a filter of this list`),
  );
  if (body.tabStyle !== undefined && !body.tabs) checker.fail(at(location, 'tabStyle'), 'tabStyle needs "tabs"');
  if (body.rowClick) checker.template(body.rowClick, at(location, 'rowClick'), entity);
  if (body.rowClickElse) checker.template(body.rowClickElse, at(location, 'rowClickElse'), entity);
  checker.condition(body.rowClickWhen, at(location, 'rowClickWhen'), entity);
  checker.condition(body.selection?.selectableWhen, at(location, 'selection', 'selectableWhen'), entity);
  if (body.bulkActions && !body.selection) checker.fail(at(location, 'bulkActions'), 'bulk actions need "selection"');
  checkActions(checker, body.bulkActions, at(location, 'bulkActions'), body.resource, entity);
  (body.bulkActions ?? []).forEach((action, i) => {
    if (action.type === 'bulk' && action.idPath !== undefined) checker.field(entity, action.idPath, at(location, 'bulkActions', i, 'idPath'));
  });
  // A row's actions act on that row: their record is one of the list's.
  checkActions(checker, body.rowActions, at(location, 'rowActions'), body.resource, entity);
  checker.templates(body.meta, at(location, 'meta'), parentEntity);
  checkActions(checker, body.actions, at(location, 'actions'), body.resource, parentEntity);
}

/** A show body: its summary and cards read its record; its actions act on it. */
export function checkShowBody(checker: ScreenChecker, body: ShowBody, location: DefinitionLocation): void {
  const entity = checker.attempt(() => entityOf(body, at(location, body.entity === undefined ? 'resource' : 'entity'), checker.registries));
  if (!entity) return;
  if (body.path !== undefined) checker.template(body.path, at(location, 'path'), entity);
  (body.summary?.fields ?? []).forEach((view, i) => checkFieldView(checker, view, at(location, 'summary', 'fields', i), entity));
  (body.badges ?? []).forEach((view, i) => checkFieldView(checker, view, at(location, 'badges', i), entity));
  // What the read expands is part of the record: the entity declares it, so the banner's items may read it.
  (body.expand ?? []).forEach((name, i) => checker.field(entity, name, at(location, 'expand', i)));
  (body.banner?.items ?? []).forEach((view, i) => checkFieldView(checker, view, at(location, 'banner', 'items', i), entity));
  if (body.panel) checkPanel(checker, body.panel, at(location, 'panel'), entity, (list, listAt) => checkListBody(checker, list, listAt, entity));
  (body.cards ?? []).forEach((card, i) => {
    const here = at(location, 'cards', i);
    checkCard(checker, card, here, entity, (listAt) => card.list && checkListBody(checker, card.list, listAt, entity), body.resource);
  });
  checkActions(checker, body.actions, at(location, 'actions'), body.resource, entity);
  checkActions(checker, body.menu?.actions, at(location, 'menu', 'actions'), body.resource, entity);
  checker.condition(body.actionsHiddenWhen, at(location, 'actionsHiddenWhen'), entity);
  (body.banners ?? []).forEach((banner, i) => {
    checker.condition(banner.when, at(location, 'banners', i, 'when'), entity);
    checker.template(banner.text, at(location, 'banners', i, 'text'), entity);
  });
}
