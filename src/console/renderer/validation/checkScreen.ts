import type { ScreenDefinition, ScreenOf } from '../../../../schemas/screen';
import type { SchemaNode } from '../core/entityFields';
import { at, type DefinitionLocation } from '../core/resolve';
import { checkListBody, checkShowBody } from './checkBodies';
import { checkActions, checkCard, checkForm } from './checkParts';
import type { ScreenChecker } from './ScreenChecker';

/** The kind-specific parts of a definition; `entity` is its resource's, when it has one. */
export function checkBodies(checker: ScreenChecker, definition: ScreenDefinition, root: DefinitionLocation, entity: SchemaNode | undefined): void {
  switch (definition.kind) {
    case 'list':
      return checkListBody(checker, definition, root, undefined);
    case 'show':
      return checkShowBody(checker, definition, root);
    case 'form':
      if (entity) checkForm(checker, definition.form, at(root, 'form'), entity, entity);
      checker.templates(definition.payload, at(root, 'payload'), entity);
      checker.resultText(definition.success, at(root, 'success'), entity);
      if (definition.redirect) checker.template(definition.redirect, at(root, 'redirect'), entity);
      if (definition.actions && definition.mode !== 'edit') checker.fail(at(root, 'actions'), 'actions need a record: only an edit form has them');
      checkActions(checker, definition.actions, at(root, 'actions'), definition.resource, entity);
      return;
    case 'tabs':
      return definition.tabs.forEach((tab, i) => {
        const here = at(root, 'tabs', i);
        checkTab(checker, tab, here, entity);
        // A form may have a show body under it (its cards); otherwise a tab shows one thing.
        if ([tab.list, tab.form ?? tab.show, tab.tabs].filter((part) => part !== undefined).length !== 1 || (tab.form && (tab.list || tab.tabs)))
          checker.fail(here, 'a tab has exactly one of list, show (a form, with or without a show under it) and tabs');
        if (tab.form) {
          if (definition.resource === undefined) checker.fail(at(here, 'form'), 'a tab\'s form edits the screen\'s record: the screen needs "resource"');
          else if (entity) checkForm(checker, tab.form, at(here, 'form'), entity, entity);
        }
        checker.condition(tab.access, at(here, 'access'), entity);
        if (tab.tabs && definition.tabIn === 'query') checker.fail(at(here, 'tabs'), 'sub-tabs need the tab in the path');
        tab.tabs?.forEach((sub, j) => {
          checkTab(checker, sub, at(here, 'tabs', j), entity);
          if ((sub.list === undefined) === (sub.show === undefined)) checker.fail(at(here, 'tabs', j), 'a sub-tab has exactly one of list and show');
        });
      });
    case 'dashboard':
      return definition.sections.forEach((section, i) =>
        checkCard(checker, section, at(root, 'sections', i), undefined, (listAt) => section.list && checkListBody(checker, section.list, listAt, undefined)),
      );
  }
}

type TabDefinition = Pick<ScreenOf<'tabs'>['tabs'][number], 'visibleWhen' | 'list' | 'show'>;

/** A tab's or a sub-tab's condition and body. */
function checkTab(checker: ScreenChecker, tab: TabDefinition, here: DefinitionLocation, entity: SchemaNode | undefined) {
  checker.condition(tab.visibleWhen, at(here, 'visibleWhen'), entity);
  if (tab.list) checkListBody(checker, tab.list, at(here, 'list'), entity);
  if (tab.show) checkShowBody(checker, tab.show, at(here, 'show'));
}
