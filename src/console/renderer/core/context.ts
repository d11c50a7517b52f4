import type { FromSchema } from 'json-schema-to-ts';
import type { identity } from '../../../../schemas/identity';
import { zonedDay } from '../../../domain/zonedDays';
import type { CoreRegistries } from './coreRegistries';

/** What the shell knows of the signed-in user and the site; the ScreenEnvironmentProvider's value. */
export interface ScreenEnvironment {
  identity: FromSchema<typeof identity>;
  /** Permission key -> scope (all, tenant, own), plus is_internal and role (GET /permissions). */
  permissions: Readonly<Record<string, string | boolean>>;
  featureFlags: Readonly<Record<string, unknown>>;
  /** GET / of the API. */
  environment: { is_demo: boolean; environment: string; version?: string };
}

export type ApiRow = Readonly<Record<string, unknown>>;

/** Everything a condition or a template may read. */
export interface EvalContext extends ScreenEnvironment {
  record?: ApiRow;
  /** The route's parameters (`:id`). */
  params?: Readonly<Record<string, string | undefined>>;
  /** The values of the form being filled. */
  form?: ApiRow;
  /** The API's answer to the request just sent, for the texts that report it. */
  response?: unknown;
  /** The failure of the request just sent, for the error texts that quote it: `{error.message}`. */
  error?: { message: string };
  /** The list around (its tab, its filters' values, the filter it sends), for its columns, filters and actions. */
  list?: ListFacts;
  /** Where the names a definition gives resolve (`refused` rules, choice sources, filter types); no path reads them. */
  registries?: CoreRegistries;
}

/** What a list's conditions and templates read of it: `{"eq": ["list.tab", "rpm"]}`, `{list.request|json}`. */
export interface ListFacts {
  tab: string | null;
  filters: Readonly<Record<string, unknown>>;
  /** The filter of the list's request (fixed, tab, filters and search), once planned. */
  request?: Readonly<Record<string, unknown>>;
}

/**
 * First path segments that name a part of the context; any other path starts at the record. `today`
 * is no part of it but the day of reading, yyyy-mm-dd in the user's zone: Home's list of this month's
 * progress asks `{"start_date[eq]": "{today|month_start}"}`.
 */
export const CONTEXT_ROOTS = [
  'record',
  'params',
  'identity',
  'permissions',
  'featureFlags',
  'environment',
  'form',
  'response',
  'error',
  'list',
  'today',
] as const;
type Root = (typeof CONTEXT_ROOTS)[number];

const isRoot = (segment: string): segment is Root => (CONTEXT_ROOTS as readonly string[]).includes(segment);

/** The value at a dotted path of an object: `getPath(device, 'misc_data.status.signal')`. */
export function getPath(value: unknown, path: string): unknown {
  let current = value;
  for (const segment of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** The context value a path names: `identity.id`, `params.id`, or a record field (`patient_id`). */
export function lookup(context: EvalContext, path: string): unknown {
  const [first = '', ...rest] = path.split('.');
  if (!isRoot(first)) return getPath(context.record, path);
  if (first === 'today') return rest.length === 0 ? zonedDay(new Date(), timeZoneOf(context)) : undefined;
  return rest.length === 0 ? context[first] : getPath(context[first], rest.join('.'));
}

/** The record field a path names, or undefined when it names another part of the context. */
export function recordFieldOf(path: string): string | undefined {
  const [first = '', ...rest] = path.split('.');
  if (first === 'record') return rest.length > 0 ? rest.join('.') : undefined;
  return isRoot(first) ? undefined : path;
}

/** The time zone of the user's settings (the shell saves the browser's there), else the browser's. */
export function timeZoneOf(environment: ScreenEnvironment): string {
  const zone = environment.identity.settings?.user_timezone;
  return typeof zone === 'string' && zone !== '' ? zone : Intl.DateTimeFormat().resolvedOptions().timeZone;
}
