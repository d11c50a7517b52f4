import type { ActionDefinition } from '../../schemas/screen';
import { actionMutation, type ActionMutation } from '../../src/console/renderer/core/actionRequest';
import type { EvalContext } from '../../src/console/renderer/core/context';
import { plainText } from '../../src/console/renderer/core/format';
import { apiResource } from '../../src/console/api/dataProvider.utils';
import { screenRegistries } from '../../src/console/features';

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

/** One call a definition makes, with the JSON path of what makes it. */
interface Call {
  at: string;
  method: string;
  path: string;
  updateAction?: string;
}

/** A resource a screen names: some call on `/{resource}` or `/{resource}/{id}` (a list, a form's create, a record). */
const ANY = 'ANY';
const SENDING = new Set(['dialog_form', 'confirm', 'bulk']);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A path template as a route pattern: placeholders as `{}`, the query string left out (routes match paths). */
const asPattern = (template: string) => template.replace(PARAMETER, '{}').replace(/\?.*$/, '');

/** Every record, row and selection is the placeholder, so that the calls come out as path patterns. */
const PATTERN_CONTEXT = {
  // The console's registries, so that an action's field rules (the task notes) are found as the console finds them.
  registries: screenRegistries,
  identity: {},
  permissions: {},
  featureFlags: {},
  environment: { is_demo: false, environment: 'test' },
  record: { id: '{}' },
  params: { id: '{}' },
} as unknown as EvalContext;

function mutationCalls(mutation: ActionMutation, at: string, updateAction: string | undefined): Call[] {
  const onResource = (resource: string) => `/${apiResource(resource)}`;
  const call = (method: string, path: string): Call[] => [{ at, method, path, ...(updateAction ? { updateAction } : {}) }];
  switch (mutation.kind) {
    case 'update':
      return call(mutation.method, `${onResource(mutation.resource)}/{}`);
    case 'create':
      return call('POST', onResource(mutation.resource));
    case 'delete':
      return call('DELETE', `${onResource(mutation.resource)}/{}`);
    case 'updateMany':
      return call('PUT', onResource(mutation.resource));
    case 'request':
      return call(mutation.method, mutation.path);
    case 'each':
      return mutation.mutations.flatMap((m) => mutationCalls(m, at, updateAction));
  }
}

/**
 * The API calls a definition makes (screen files and fragments alike): each sending action's request
 * as the console's own `actionMutation` builds it, each `load` and `download` path, a show screen's
 * `path`, and a GET of every resource it names. The resource of an action is its own, else the
 * nearest one around it.
 */
export function definitionCalls(definition: unknown): Call[] {
  const calls: Call[] = [];
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
      const mutation = actionMutation(action, { resource: own, context: PATTERN_CONTEXT, ids: ['{}'] });
      calls.push(...mutationCalls(mutation, at, action.updateAction));
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
 * What a definition calls that the server does not answer: a path no route has, a method its
 * route lacks, or an `updateAction` its route's body does not accept. Each names the file and
 * the JSON path: `screens/devices.show.json: /actions/3: PUT /devices/{} does not accept update_action "fly"`.
 */
export function contractProblems(definition: unknown, file: string, api: ApiContract): string[] {
  return definitionCalls(definition).flatMap(({ at, method, path, updateAction }) => {
    if (method === ANY) return api.routes.has(path) || api.routes.has(`${path}/{}`) ? [] : [`${file}: ${at}: no route ${path} on the server`];
    const methods = api.routes.get(path);
    if (!methods) return [`${file}: ${at}: no route ${path} on the server`];
    if (!methods.has(method)) return [`${file}: ${at}: ${path} answers ${[...methods.keys()].join(', ')}, not ${method}`];
    if (updateAction === undefined) return [];
    const accepted = updateActionsOf(methods.get(method));
    return accepted.has(updateAction)
      ? []
      : [`${file}: ${at}: ${method} ${path} does not accept update_action "${updateAction}"; it accepts: ${[...accepted].join(', ') || 'none'}`];
  });
}
