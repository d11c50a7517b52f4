import { conflict, HttpError, invalid } from '../errors';
import type { Resource } from './defineResource';
import { missingReference } from './references';

interface PgError {
  code?: string;
  detail?: string;
  constraint?: string;
  column?: string;
}

/** Fields the resource knows, at the top level and in its joins, longest first (`external_id` before `id`). */
function fieldNames(resource: Resource | undefined): string[] {
  if (!resource) return [];
  return [...new Set([...resource.columns, ...resource.joins.flatMap((j) => j.columns)])].sort((a, b) => b.length - a.length);
}

/** The resource field named in a key text such as `lower(email)` or a constraint such as `users_role_check`. */
function fieldIn(text: string | undefined, resource: Resource | undefined): string | undefined {
  const names = fieldNames(resource);
  const words: string[] = (text ?? '').match(/[a-z_][a-z0-9_]*/g) ?? [];
  return names.find((n) => words.includes(n)) ?? names.find((n) => text?.includes(`_${n}_`));
}

/**
 * Database refusals of a write as client errors, so that bad input is never a 500. A duplicate
 * echoes its value only for resources known to hold no patient data: `Key (email) already exists.`
 */
export function fromDbError(error: unknown, resource?: Resource): unknown {
  if (error instanceof HttpError || typeof error !== 'object' || error === null) return error;
  const { code, detail, constraint, column } = error as PgError;
  if (!code) return error;
  const key = /^Key \((.+?)\)=\((.*)\)/.exec(detail ?? '');
  const field = fieldIn(key?.[1], resource) ?? fieldIn(constraint, resource);
  switch (code) {
    case '23505': {
      const name = field ?? key?.[1] ?? constraint ?? 'key';
      return conflict(!resource || resource.patient || !key ? `Key (${name}) already exists.` : `Key (${name})=(${key[2]}) already exists.`);
    }
    case '23503':
      // A foreign key refuses only a row that exists nowhere; one of another provider passes it, so
      // every such column is a declared reference that the engine resolves first (references.ts),
      // with this very answer: the database's refusal can never be told apart from the engine's.
      return detail?.includes('is still referenced') ? conflict('The record is still in use by other records.') : missingReference(['body', field ?? 'body']);
    case '23502':
      return invalid(['body', column ?? field ?? 'body'], 'Field required', 'missing');
    case '23514':
      return invalid(['body', field ?? 'body'], 'Invalid value', 'check_violation');
    default:
      return code.startsWith('22') ? invalid(['body', field ?? 'body'], 'Invalid value', 'data_exception') : error;
  }
}
