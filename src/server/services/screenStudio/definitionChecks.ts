import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolveFormFragment } from '../../../../schemas/screenFragments';
// The one exception to "the server never imports console files" (eslint.config.js): the renderer's
// headless checks, so that the server refuses to publish exactly what the console would refuse to show.
import { checkDefinition } from '../../../console/renderer/validation/checkDefinition';
import type { CheckRegistries } from '../../../console/renderer/validation/checkRegistries';
import { contractProblems, formRequiredByServer, type ApiContract } from '../../../console/renderer/validation/contractChecks';

/** One problem of a definition: where (a JSON pointer into the definition, `/` for the whole) and what. */
export interface DefinitionProblem {
  path: string;
  message: string;
}

const MANIFEST = fileURLToPath(new URL('../../../../schemas/screenRegistries.json', import.meta.url));

/** What the checks read of the console's registries, as `npm run generate` wrote it from them (schemas/screenRegistries.json). */
export const loadCheckRegistries = (path = MANIFEST): CheckRegistries => JSON.parse(readFileSync(path, 'utf8')) as CheckRegistries;

/** The checks' inputs that do not change while the server runs: the registries, the form fragments and the server's own routes. */
export interface DefinitionCheckInputs {
  registries: CheckRegistries;
  fragments: ReadonlyMap<string, Record<string, unknown>>;
  /** The server's routes: `apiContract(app.swagger())`, after `ready`. */
  api: ApiContract;
}

const FILE = 'definition';
const LOCATED = new RegExp(`^${FILE}: (/[^:]*|/?): ([\\s\\S]*)$`);

/** "definition: /columns/2/cell: unknown cell ..." as a path and a message. */
function located(text: string): DefinitionProblem {
  const match = LOCATED.exec(text);
  return match ? { path: match[1] || '/', message: match[2] ?? text } : { path: '/', message: text };
}

/** A definition with its form fragment merged in, or the problem of a fragment that is not there. */
function withFragment(definition: unknown, inputs: DefinitionCheckInputs): { resolved: unknown } | { problem: DefinitionProblem } {
  try {
    return { resolved: resolveFormFragment(definition, inputs.fragments, (message) => new Error(message)) };
  } catch (error) {
    return { problem: { path: '/form/fragment', message: (error as Error).message } };
  }
}

/**
 * Every problem of a definition as the Screen Studio shows it and as publishing refuses it: the
 * meta-schema, the registries (a cell, filter, widget or action that does not exist, options that do
 * not fit), the entity fields it names, and the contract with this server (paths, methods and
 * update actions it answers, the fields a create must send). `id` is the screen the definition is
 * for: it must say so itself.
 */
export function definitionProblems(definition: unknown, id: string, inputs: DefinitionCheckInputs): DefinitionProblem[] {
  return problemsOf(definition, id, withFragment(definition, inputs), inputs);
}

function problemsOf(definition: unknown, id: string, merged: ReturnType<typeof withFragment>, inputs: DefinitionCheckInputs): DefinitionProblem[] {
  const own = definition as { id?: unknown } | null;
  if (typeof definition !== 'object' || definition === null || Array.isArray(definition)) return [{ path: '/', message: 'must be an object' }];
  if (own?.id !== id) return [{ path: '/id', message: `must be "${id}", the screen it is a version of` }];
  if ('problem' in merged) return [merged.problem];
  const shown = checkDefinition(merged.resolved, FILE, inputs.registries);
  // The contract is read only of a definition the renderer can show: its calls are built by the console's own code.
  if (shown.length > 0) return shown.map(located);
  return contractProblems(merged.resolved, FILE, inputs.api, inputs.registries.fieldRules).map(located);
}

/**
 * What the studio's editor is told of a working definition (POST check): its problems, and the
 * fields the server requires of a create form (`user.first_name`), which the editor keeps required
 * and shown whatever else is wrong; none for a definition that is not a create form, whose
 * fragment is not there, or whose calls cannot be read.
 */
export function definitionCheck(
  definition: unknown,
  id: string,
  inputs: DefinitionCheckInputs,
): { problems: DefinitionProblem[]; required_by_server: string[] } {
  const merged = withFragment(definition, inputs);
  return { problems: problemsOf(definition, id, merged, inputs), required_by_server: 'resolved' in merged ? requiredFields(merged.resolved, inputs) : [] };
}

function requiredFields(resolved: unknown, inputs: DefinitionCheckInputs): string[] {
  try {
    return formRequiredByServer(resolved, inputs.api, inputs.registries.fieldRules);
  } catch {
    return [];
  }
}
