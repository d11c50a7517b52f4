import type { ScreenDefinition } from '../../../../schemas/screen';
import { describeAjvError, validateMetaSchema } from '../../../../schemas/screenMetaSchema';
import { entityOf } from '../core/entityFields';
import { currentFormat } from '../core/formatVersion';
import { at, type DefinitionLocation } from '../core/resolve';
import type { CheckRegistries } from './checkRegistries';
import { checkBodies } from './checkScreen';
import { ScreenChecker } from './ScreenChecker';

/**
 * Every problem of a definition whose form fragment is merged in, each as "file: /json/path: what
 * is wrong": the meta-schema first, then the format version, the names it gives against the
 * registries (cells, filters, actions, widgets, rules, choices, field rules, RJSF widgets and their
 * options), the entity schemas (every field named), permission keys and roles. An empty list means
 * the renderer can show it. No React and no bundled data: the server runs it too (Screen Studio).
 */
export function checkDefinition(candidate: unknown, file: string, registries: CheckRegistries): string[] {
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
