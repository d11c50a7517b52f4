import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { useDataProvider } from '../../api/DataProviderContext';
import { useNotify } from '../../renderer/skin/toasts';

/**
 * View PDF: asks for the report's signed link (GET reports/{id}/signed-link, 5 minutes) and opens
 * /pdf with it and the report's name through the navigation state (spec 002 section 2, /pdf); the
 * viewer's own Download saves the same file. A failure toasts `error`.
 */
export function useReportPdf(reportId: number | undefined, error: string) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => dataProvider.request<{ signed_link: string; title: string }>(`/reports/${String(reportId ?? '')}/signed-link`),
    onSuccess: ({ signed_link: url, title }) => navigate('/pdf', { state: { url, title } }),
    onError: () => notify(error, 'error'),
  });
}
