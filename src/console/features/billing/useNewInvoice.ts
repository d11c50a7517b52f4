import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from '../../api/DataProviderContext';
import { useNotify } from '../../renderer/skin/toasts';
import { invoiceRequest, type InvoiceDraft, type InvoicePreview } from './newInvoice';

/**
 * The New Invoice dialog's calls (spec 002 section 4): the preview (`is_preview: true`), then the invoice
 * (`is_preview: false`), after which every query is stale (the invoices list refreshes); errors are the server's message.
 */
export function useNewInvoice(providerId: unknown, onIssued: () => void) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const path = `/providers/${encodeURIComponent(String(providerId))}/fee-for-service-invoice`;
  const send = (draft: InvoiceDraft, isPreview: boolean) =>
    dataProvider.request<unknown>(path, { method: 'POST', body: JSON.stringify(invoiceRequest(draft, isPreview)) });
  const preview = useMutation({
    mutationFn: (draft: InvoiceDraft) => send(draft, true) as Promise<InvoicePreview>,
    onError: (error) => notify(error.message, 'error'),
  });
  const submit = useMutation({
    mutationFn: (draft: InvoiceDraft) => send(draft, false),
    onSuccess: async () => {
      notify('Invoice created');
      onIssued();
      await queryClient.invalidateQueries();
    },
    onError: (error) => notify(error.message, 'error'),
  });
  return { preview, submit };
}
