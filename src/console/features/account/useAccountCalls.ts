import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider } from '../../api/DataProviderContext';
import { HttpError } from '../../api/httpError';
import { useNotify } from '../../renderer/skin/toasts';

/**
 * What the account widgets share: the API's JSON calls, the toasts, and `refresh`, which reads the
 * signed-in user again (the shell's identity, so the MFA dialog and the sidebar preference follow
 * at once, and the account page's own record).
 */
export function useAccountCalls() {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const refresh = useCallback(async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: ['session', 'identity'] }), queryClient.invalidateQueries({ queryKey: ['users'] })]);
  }, [queryClient]);
  const send = useCallback(
    <R = unknown>(path: string, method: string, body?: unknown) =>
      dataProvider.request<R>(path, {
        method,
        ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
      }),
    [dataProvider],
  );
  return { send, notify, refresh, queryClient, dataProvider };
}

/** The failure's words: the first entry of a 422 detail list (its `msg`), else the message as the error mapping gives it. */
export function firstValidationMessage(error: unknown): string {
  if (error instanceof HttpError) {
    const detail = (error.body as { detail?: unknown } | null)?.detail;
    if (Array.isArray(detail)) {
      const msg = (detail[0] as { msg?: unknown } | undefined)?.msg;
      if (typeof msg === 'string' && msg !== '') return msg;
    }
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Whether the failure is the server's answer for an authenticator already registered (409). */
export const isConflict = (error: unknown) => error instanceof HttpError && error.status === 409;
