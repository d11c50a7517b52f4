import { invalid } from '../errors';

const INT_MAX = 2_147_483_647;

/** A path id (`/devices/{id}`): a non-negative integer that fits PostgreSQL's integer, or 422. */
export function parseId(raw: string, name: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(id <= INT_MAX)) throw invalid(['path', name], 'Input should be a valid integer', 'int_parsing');
  return id;
}
