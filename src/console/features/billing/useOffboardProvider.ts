import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { useDataProvider } from '../../api/DataProviderContext';
import { useNotify } from '../../renderer/skin/toasts';

/** Spec 002 section 8. */
const offboardError = (message: string) => `Failed to offboard provider: ${message}`;

/**
 * Offboards a provider (POST providers/{id}/offboard `{name}`, spec 002 section 4: irreversible): the server's
 * message as the toast and the providers list, or 'Failed to offboard provider: {message}'.
 */
export function useOffboardProvider(providerId: unknown) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (name: string) =>
      dataProvider.request<{ message?: string }>(`/providers/${encodeURIComponent(String(providerId))}/offboard`, {
        method: 'POST',
        body: JSON.stringify({ name }),
      }),
    onSuccess: (answer) => {
      notify(answer.message ?? 'Provider offboarded');
      queryClient.removeQueries({ queryKey: ['providers'] });
      navigate('/providers');
    },
    onError: (error) => notify(offboardError(error.message), 'error'),
  });
}
