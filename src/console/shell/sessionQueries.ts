import { queryOptions } from '@tanstack/react-query';
import type { FromSchema } from 'json-schema-to-ts';
import type { identity } from '../../../schemas/identity';
import { getJson } from './getJson';

export type Identity = FromSchema<typeof identity>;
export type PermissionMap = Readonly<Record<string, string | boolean>>;
export type FeatureFlags = Readonly<Record<string, unknown>>;
/** GET / of the API. */
export interface SiteInfo {
  is_demo: boolean;
  version: string;
  environment: string;
}

/** Caching of the session calls as spec 000 sections 6, 7 and 9 set it. */
export const sessionQueries = {
  site: () => queryOptions({ queryKey: ['session', 'site'], queryFn: () => getJson<SiteInfo>('/'), staleTime: Infinity }),
  permissions: () => queryOptions({ queryKey: ['session', 'permissions'], queryFn: () => getJson<PermissionMap>('/permissions'), staleTime: Infinity }),
  identity: (sub: string) =>
    queryOptions({
      queryKey: ['session', 'identity', sub],
      queryFn: () => getJson<Identity>(`/users/${encodeURIComponent(sub)}/identity`),
      staleTime: Infinity,
    }),
  featureFlags: () => queryOptions({ queryKey: ['session', 'feature-flags'], queryFn: () => getJson<FeatureFlags>('/feature-flags'), staleTime: 60 * 60_000 }),
  provider: (id: number) =>
    queryOptions({
      queryKey: ['providers', 'one', id],
      queryFn: () => getJson<{ id: number; name: string }>(`/providers/${id}`),
      staleTime: 2 * 60_000,
    }),
};
