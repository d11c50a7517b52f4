import type { ActionDefinition, FormDefinition } from '../../../../schemas/screen';
import { apiResource } from '../../api/dataProvider.utils';
import { actionMutation, type ActionMutation } from '../core/actionRequest';
import type { EvalContext } from '../core/context';
import { plainText } from '../core/format';
import { formFields } from '../core/formLayout';

/** What the built server offers, read from its OpenAPI document: each path's methods and request bodies. */
export interface ApiContract {
  /** `/devices/{}` (parameters as `{}`) -> method -> the request body's JSON Schema, or null without one. */
  routes: ReadonlyMap<string, ReadonlyMap<string, unknown>>;
}

type OpenApi = { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> } }>> };

const PARAMETER = /\{[^}]*\}/g;
const HTTP_METHODS = new Set(['get', 'put', 'post', 'patch', 'delete']);

/** The contract of a server's OpenAPI document (`app.swagger()`), without the `/api` prefix. */
export function apiContract(document: unknown): ApiContract {
  const routes = new Map<string, Map<string, unknown>>();
  for (const [path, operations] of Object.entries((document as OpenApi).paths)) {
    const key = path.replace(/^\/api/, '').replace(PARAMETER, '{}');
    const methods = routes.get(key) ?? new Map<string, unknown>();
    for (const [method, operation] of Object.entries(operations)) {
      if (!HTTP_METHODS.has(method)) continue;
      const content = operation.requestBody?.content ?? {};
      methods.set(method.toUpperCase(), content['application/json']?.schema ?? Object.values(content)[0]?.schema ?? null);
    }
    routes.set(key, methods);
  }
  return { routes };
}

/**
 * The form field rules (`"validate"`): the console's, or their names only (the server's manifest),
 * which suffice, since no value is converted when the calls are read from an empty form.
 */
type FieldRuleNames = Readonly<Record<string, unknown>>;

/** One call a definition makes, with the JSON path of what makes it. */
interface Call {
  at: string;
  method: string;
  path: string;
  updateAction?: string;
  /** What a create sends (its form's fields, its properties, its payload, what it assigns), to set against the body's `required`. */
  sends?: Sent;
}

/** A resource a screen names: some call on `/{resource}` or `/{resource}/{id}` (a list, a form's create, a record). */
const ANY = 'ANY';
const SENDING = new Set(['dialog_form', 'confirm', 'bulk']);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A path template as a route pattern: placeholders as `{}`, the query string left out (routes match paths). */
const asPattern = (template: string) => template.replace(PARAMETER, '{}').replace(/\?.*$/, '');

/**
 * Every record, row and selection is the placeholder, so that the calls come out as path patterns.
 * The field rules are the console's (or their names, on the server), so that an action's rules (the
 * task notes) are found as the console finds them.
 */
const patternContext = (fieldRules: FieldRuleNames) =>
  ({
    registries: { fieldRules },
    identity: {},
    permissions: {},
    featureFlags: {},
    environment: { is_demo: false, environment: 'test' },
    record: { id: '{}' },
    params: { id: '{}' },
  }) as unknown as EvalContext;

/**
 * What a form sends: `shown`, the fields a user fills in, dotted (`user.first_name`) with the objects
 * they are in (its fields and properties, less what it omits and what it never shows, `"ui:widget":
 * "hidden"`, which only a record's value fills); `given`, the values a payload or an assignment sets
 * whatever the form says (a whole object, when it names one).
 */
interface Sent {
  shown: ReadonlySet<string>;
  given: ReadonlySet<string>;
}
// A field the form lists fills the whole of its value (an address or a coded-search widget fills an
// object), and the objects it is in are sent with it: `shown` holds the listed fields and `given` the
// payload's and the assignments'; both count for what they are in.

function sentFields(form: FormDefinition | undefined, payload: unknown): Sent {
  const uiSchema = (form?.uiSchema ?? {}) as Record<string, unknown>;
  const hidden = (field: string) => {
    const ui = uiSchema[field];
    return isObject(ui) && ui['ui:widget'] === 'hidden';
  };
  const omitted = new Set(form?.omit ?? []);
  const shown = form ? [...formFields(form), ...Object.keys(form.properties ?? {})].filter((field) => !omitted.has(field) && !hidden(field)) : [];
  const given = [...(form?.assign ?? []).map((rule) => rule.field), ...(isObject(payload) ? Object.keys(payload) : [])];
  return { shown: new Set(shown), given: new Set(given) };
}

function mutationCalls(mutation: ActionMutation, at: string, updateAction: string | undefined, sends?: Sent): Call[] {
  const onResource = (resource: string) => `/${apiResource(resource)}`;
  const call = (method: string, path: string): Call[] => [{ at, method, path, ...(updateAction ? { updateAction } : {}) }];
  switch (mutation.kind) {
    case 'update':
      return call(mutation.method, `${onResource(mutation.resource)}/{}`);
    case 'create':
      return [{ at, method: 'POST', path: onResource(mutation.resource), ...(sends ? { sends } : {}) }];
    case 'delete':
      return call('DELETE', `${onResource(mutation.resource)}/{}`);
    case 'updateMany':
      return call('PUT', onResource(mutation.resource));
    case 'request':
      return call(mutation.method, mutation.path);
    case 'each':
      return mutation.mutations.flatMap((m) => mutationCalls(m, at, updateAction, sends));
  }
}

/**
 * The API calls a definition makes (screen files and fragments alike): each sending action's request
 * as the console's own `actionMutation` builds it, each `load` and `download` path, a show screen's
 * `path`, a create form's POST, and a GET of every resource it names. The resource of an action is
 * its own, else the nearest one around it. `fieldRules`: the registries' (their names suffice).
 */
export function definitionCalls(definition: unknown, fieldRules: FieldRuleNames): Call[] {
  const calls: Call[] = [];
  const context = patternContext(fieldRules);
  if (isObject(definition) && definition.kind === 'form' && definition.mode === 'create' && typeof definition.resource === 'string') {
    const form = isObject(definition.form) ? (definition.form as FormDefinition) : undefined;
    calls.push({ at: '/form', method: 'POST', path: `/${apiResource(definition.resource)}`, sends: sentFields(form, definition.payload) });
  }
  const walk = (value: unknown, at: string, resource: string | undefined) => {
    if (Array.isArray(value)) return value.forEach((item, i) => walk(item, `${at}/${i}`, resource));
    if (!isObject(value)) return;
    const own = typeof value.resource === 'string' ? value.resource : resource;
    if (typeof value.resource === 'string') calls.push({ at: `${at}/resource`, method: ANY, path: asPattern(`/${apiResource(value.resource)}`) });
    if (typeof value.type === 'string' && SENDING.has(value.type) && own !== undefined) {
      const action = { ...value, ...(typeof value.path === 'string' ? { path: asPattern(value.path) } : {}) } as Extract<
        ActionDefinition,
        { type: 'dialog_form' | 'confirm' | 'bulk' }
      >;
      const mutation = actionMutation(action, { resource: own, context, ids: ['{}'] });
      const sends = action.type === 'dialog_form' ? sentFields(action.form, action.payload) : undefined;
      calls.push(...mutationCalls(mutation, at, action.updateAction, sends));
    } else if (value.type === 'download' && typeof value.path === 'string') {
      calls.push({ at: `${at}/path`, method: 'GET', path: asPattern(value.path) });
    } else if (typeof value.path === 'string' && value.path.startsWith('/') && !(typeof value.type === 'string' && SENDING.has(value.type))) {
      // A show screen's record path and a `load`'s GET.
      calls.push({ at: `${at}/path`, method: 'GET', path: asPattern(value.path) });
    }
    for (const [key, item] of Object.entries(value)) walk(item, `${at}/${key}`, own);
  };
  walk(definition, '', undefined);
  return calls;
}

/** The values of every `update_action` property anywhere in a request body's schema. */
function updateActionsOf(schema: unknown): Set<string> {
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!isObject(value)) return;
    const properties = value.properties;
    if (isObject(properties) && isObject(properties.update_action)) {
      const { enum: values, const: single } = properties.update_action;
      if (Array.isArray(values)) values.forEach((v) => found.add(String(v)));
      if (single !== undefined) found.add(plainText(single));
    }
    Object.values(value).forEach(walk);
  };
  walk(schema);
  return found;
}

/**
 * The fields a request body's schema requires, dotted: its `required`, and within each required
 * object the fields that object requires (`user`, `user.first_name`). Of alternatives (`anyOf`,
 * `oneOf`), what every one requires.
 */
function requiredOf(schema: unknown, prefix = ''): string[] {
  if (!isObject(schema)) return [];
  const properties = isObject(schema.properties) ? schema.properties : {};
  const own = (Array.isArray(schema.required) ? schema.required.map(String) : []).flatMap((name) => [
    `${prefix}${name}`,
    ...requiredOf(properties[name], `${prefix}${name}.`),
  ]);
  const alternatives = (Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : []).map((option) =>
    requiredOf(option, prefix),
  );
  const common = alternatives.length ? alternatives.reduce((kept, next) => kept.filter((field) => next.includes(field))) : [];
  return [...new Set([...own, ...common])];
}

/**
 * A required field is sent when the form shows, or a payload or an assignment gives, the field or the
 * object it is in, or something inside it (a required `user` is sent with `user.first_name`).
 */
const isSent = (field: string, { shown, given }: Sent) =>
  [...shown, ...given].some((sent) => sent === field || field.startsWith(`${sent}.`) || sent.startsWith(`${field}.`));

/**
 * The fields the server requires of a create form screen's POST (`kind: form`, `mode: create`),
 * dotted (`user.first_name`), or none for any other screen: the Screen Studio keeps them required
 * in the form and shown, since the server would refuse the record without them.
 */
export function formRequiredByServer(definition: unknown, api: ApiContract, fieldRules: FieldRuleNames): string[] {
  const create = definitionCalls(definition, fieldRules).find((call) => call.at === '/form' && call.sends !== undefined);
  const body = create ? api.routes.get(create.path)?.get(create.method) : undefined;
  return body === undefined ? [] : [...new Set(requiredOf(body))];
}

/**
 * What a definition calls that the server does not answer: a path no route has, a method its
 * route lacks, an `updateAction` its route's body does not accept, or a create that does not send a
 * field the server requires. Each names the file and the JSON path:
 * `screens/devices.show.json: /actions/3: PUT /devices/{} does not accept update_action "fly"`.
 */
export function contractProblems(definition: unknown, file: string, api: ApiContract, fieldRules: FieldRuleNames): string[] {
  return definitionCalls(definition, fieldRules).flatMap(({ at, method, path, updateAction, sends }) => {
    if (method === ANY) return api.routes.has(path) || api.routes.has(`${path}/{}`) ? [] : [`${file}: ${at}: no route ${path} on the server`];
    const methods = api.routes.get(path);
    if (!methods) return [`${file}: ${at}: no route ${path} on the server`];
    if (!methods.has(method)) return [`${file}: ${at}: ${path} answers ${[...methods.keys()].join(', ')}, not ${method}`];
    if (sends) {
      const missing = requiredOf(methods.get(method)).filter((field) => !isSent(field, sends));
      if (missing.length)
        return [`${file}: ${at}: ${method} ${path} requires ${missing.map((field) => `"${field}"`).join(', ')}, which the form does not send`];
    }
    if (updateAction === undefined) return [];
    const accepted = updateActionsOf(methods.get(method));
    return accepted.has(updateAction)
      ? []
      : [`${file}: ${at}: ${method} ${path} does not accept update_action "${updateAction}"; it accepts: ${[...accepted].join(', ') || 'none'}`];
  });
}
