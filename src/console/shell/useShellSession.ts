import { useQuery } from '@tanstack/react-query';
import { sessionQueries } from './sessionQueries';
import { viewerOf, type ShellSession } from './shellSession';

export type ShellSessionState = { status: 'pending' } | { status: 'error'; error: Error } | { status: 'success'; data: ShellSession };

const PRODUCT_NAME = 'Care Console';

/** Loads the session calls of spec 000 section 7; the shell waits for the ones the menu needs. */
export function useShellSession(userId: string): ShellSessionState {
  const site = useQuery(sessionQueries.site());
  const permissions = useQuery(sessionQueries.permissions());
  const identity = useQuery(sessionQueries.identity(userId));
  const featureFlags = useQuery(sessionQueries.featureFlags());
  const tenantId = identity.data?.tenant_id ?? null;
  const provider = useQuery({ ...sessionQueries.provider(tenantId ?? 0), enabled: tenantId !== null });

  const error = site.error ?? permissions.error ?? identity.error ?? featureFlags.error;
  if (error) return { status: 'error', error };
  if (!site.data || !permissions.data || !identity.data || !featureFlags.data) return { status: 'pending' };
  return {
    status: 'success',
    data: {
      identity: identity.data,
      permissions: permissions.data,
      featureFlags: featureFlags.data,
      site: site.data,
      viewer: viewerOf(identity.data, permissions.data, site.data),
      organisationName: tenantId === null ? PRODUCT_NAME : (provider.data?.name ?? ''),
    },
  };
}
