import type { ResultText } from '../../../../schemas/screen';
import { recordFieldOf } from '../core/context';
import { fieldSchema, type SchemaNode } from '../core/entityFields';
import { plainText } from '../core/format';
import { at, DefinitionError, resolveEntry, type DefinitionLocation } from '../core/resolve';
import { TEMPLATE_FILTERS, templatePlaceholders } from '../core/templates';
import { describeAjvError, validatorOf } from './ajv';
import type { CheckRegistries } from './checkRegistries';

type Node = Readonly<Record<string, unknown>>;

const entityName = (entity: SchemaNode) => plainText(entity.title ?? 'entity');

/**
 * Collects the problems of one definition against the registries it will be shown with; each check
 * that throws a DefinitionError (the resolver's, or one of ours) becomes a problem and the walk goes
 * on, so one run lists them all.
 */
export class ScreenChecker {
  readonly problems: string[] = [];

  constructor(readonly registries: CheckRegistries) {}

  attempt<T>(check: () => T): T | undefined {
    try {
      return check();
    } catch (error) {
      if (!(error instanceof DefinitionError)) throw error;
      this.problems.push(error.message);
      return undefined;
    }
  }

  fail(location: DefinitionLocation, detail: string): void {
    this.problems.push(new DefinitionError(location, detail).message);
  }

  /** A field path the entity must have. */
  field(entity: SchemaNode, path: string, location: DefinitionLocation): void {
    if (!fieldSchema(entity, path)) this.fail(location, `no field "${path}" in the ${entityName(entity)} entity schema`);
  }

  /** A registry name, and the options its entry accepts. */
  entry(registry: CheckRegistries['cells'], kind: string, name: string, options: unknown, location: DefinitionLocation, nameKey: string): void {
    const entry = this.attempt(() => resolveEntry(registry, kind, name, at(location, nameKey)));
    if (!entry) return;
    const validate = validatorOf(entry.optionsSchema as object);
    if (validate(options ?? {})) return;
    for (const error of validate.errors ?? []) {
      const { path, message } = describeAjvError(error, at(location, 'options').path);
      this.fail({ file: location.file, path }, message);
    }
  }

  /** A template's placeholders: known filters, and record paths the record's entity has. */
  template(template: string, location: DefinitionLocation, recordEntity: SchemaNode | undefined): void {
    for (const { path, filter } of templatePlaceholders(template)) {
      if (filter !== undefined && !(filter in TEMPLATE_FILTERS)) this.fail(location, `unknown template filter "${filter}"`);
      const field = recordFieldOf(path);
      if (field !== undefined && recordEntity) this.field(recordEntity, field, location);
    }
  }

  /** A toast text, or each of its texts with its condition (which may read the answer under `response`). */
  resultText(text: ResultText | undefined, location: DefinitionLocation, recordEntity: SchemaNode | undefined): void {
    if (typeof text === 'string') return this.template(text, location, recordEntity);
    (text ?? []).forEach((candidate, i) => {
      this.condition(candidate.when, at(location, i, 'when'), recordEntity);
      this.template(candidate.text, at(location, i, 'text'), recordEntity);
    });
  }

  /** Every string of a JSON value as a template. */
  templates(value: unknown, location: DefinitionLocation, recordEntity: SchemaNode | undefined): void {
    if (typeof value === 'string') this.template(value, location, recordEntity);
    else if (Array.isArray(value)) value.forEach((item, i) => this.templates(item, at(location, i), recordEntity));
    else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) this.templates(item, at(location, key), recordEntity);
    }
  }

  /** A `field[operator]` filter object: its fields exist (q is the search). */
  filterObject(filter: Node | undefined, location: DefinitionLocation, entity: SchemaNode, recordEntity: SchemaNode | undefined): void {
    for (const [key, value] of Object.entries(filter ?? {})) {
      const field = key.replace(/\[[a-z]+\]$/, '');
      if (field !== 'q') this.field(entity, field, at(location, key));
      this.templates(value, at(location, key), recordEntity);
    }
  }

  /** Permission keys and roles that exist, and record paths the record's entity has. */
  condition(condition: Node | undefined, location: DefinitionLocation, recordEntity: SchemaNode | undefined): void {
    for (const [operator, argument] of Object.entries(condition ?? {})) {
      const here = at(location, operator);
      if (operator === 'all' || operator === 'any') (argument as Node[]).forEach((inner, i) => this.condition(inner, at(here, i), recordEntity));
      else if (operator === 'not') this.condition(argument as Node, here, recordEntity);
      else if (operator === 'permission' || operator === 'scope') {
        const key = operator === 'scope' ? (argument as string[])[0] : (argument as string);
        if (!this.registries.permissionKeys.includes(String(key))) this.fail(here, `unknown permission key "${String(key)}"`);
      } else if (operator === 'role') {
        for (const role of argument as string[]) if (!this.registries.roles.includes(role)) this.fail(here, `unknown role "${role}"`);
      } else if (operator === 'refused') {
        this.attempt(() => resolveEntry(this.registries.rules, 'rule', String(argument), here));
      } else if (['eq', 'ne', 'in', 'set', 'unset'].includes(operator)) {
        const path = Array.isArray(argument) ? String(argument[0]) : String(argument);
        const field = recordFieldOf(path);
        if (field !== undefined && recordEntity) this.field(recordEntity, field, here);
      } else if (operator === 'hasKey') {
        for (const path of argument as string[]) {
          const field = recordFieldOf(String(path));
          if (field !== undefined && recordEntity) this.field(recordEntity, field, here);
        }
      }
    }
  }
}
