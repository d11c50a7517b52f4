import { useCallback } from 'react';
import { useSearchParams } from 'wouter';
import { useScreenEnvironment } from '../../renderer/environmentContext';

/** The address's key of the provider whose figures a page shows, shared by its widgets. */
export const PROVIDER_PARAM = 'tenant_id';

/**
 * The provider whose figures the page shows (spec 001 Home, spec 002 Provider analytics): the one
 * chosen in the address (`?tenant_id=3`, so that every widget of the page and a reload agree), else
 * the user's own tenant; null for an internal user of no tenant who chose none. Only internal users
 * choose (`canChoose`): a provider user's figures are always its own provider's.
 */
export function useChosenProvider() {
  const { identity } = useScreenEnvironment();
  const [params, setParams] = useSearchParams();
  const canChoose = identity.is_internal;
  const chosen = Number(params.get(PROVIDER_PARAM));
  const tenantId = canChoose && Number.isInteger(chosen) && chosen > 0 ? chosen : identity.tenant_id;
  const choose = useCallback(
    (id: number | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === null) next.delete(PROVIDER_PARAM);
          else next.set(PROVIDER_PARAM, String(id));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { tenantId, canChoose, choose };
}
