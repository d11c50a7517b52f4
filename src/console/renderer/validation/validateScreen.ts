import type { ScreenDefinition } from '../../../../schemas/screen';
import { currentFormat } from '../core/definitions';
import { withFormFragment } from '../core/formFragments';
import { entityOf } from '../core/entityFields';
import { at, type DefinitionLocation } from '../core/resolve';
import { describeAjvError, validateMetaSchema } from './ajv';
import type { ScreenRegistries } from '../registries/screenRegistries';
import { checkBodies } from './checkScreen';
import { ScreenChecker } from './ScreenChecker';

/**
 * Every problem of a screen definition, each as "file: /json/path: what is wrong": the
 * meta-schema first, then the format version, the names it gives against the registries it will be
 * shown with (cells, filters, actions, widgets, rules, choices, field rules, RJSF widgets and their
 * options), the entity schemas (every field named), permission keys and roles. An empty list means
 * the renderer can show it. `validateScreen(definition, 'screens/devices.list.json', screenRegistries)`.
 */
export function validateScreen(unresolved: unknown, file: string, registries: ScreenRegistries): string[] {
  // A form fragment is checked as part of each form that uses it.
  let candidate: unknown;
  try {
    candidate = withFormFragment(unresolved, file);
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
  if (!validateMetaSchema(candidate)) {
    return (validateMetaSchema.errors ?? []).map((error) => {
      const { path, message } = describeAjvError(error, '');
      return `${file}: ${path || '/'}: ${message}`;
    });
  }
  const definition = candidate as ScreenDefinition;
  const checker = new ScreenChecker(registries);
  checker.attempt(() => currentFormat(definition, file));
  const root: DefinitionLocation = { file, path: '' };
  const resource = 'resource' in definition ? definition.resource : undefined;
  const entity =
    resource === undefined
      ? undefined
      : checker.attempt(() =>
          entityOf({ resource, ...('entity' in definition && definition.entity ? { entity: definition.entity } : {}) }, at(root, 'resource'), registries),
        );
  checker.condition(definition.access, at(root, 'access'), undefined);
  checker.template(definition.title, at(root, 'title'), entity);
  (definition.breadcrumbs ?? []).forEach((crumb, i) => {
    checker.template(crumb.label, at(root, 'breadcrumbs', i, 'label'), entity);
    if (crumb.to) checker.template(crumb.to, at(root, 'breadcrumbs', i, 'to'), entity);
  });
  checkBodies(checker, definition, root, entity);
  return checker.problems;
}
