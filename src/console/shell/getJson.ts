import { fetcher } from '../api/client';

/** The JSON answer of an authenticated GET; any status but 2xx is an error for the shell's calls. */
export async function getJson<T>(path: string): Promise<T> {
  const response = await fetcher(path);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}
