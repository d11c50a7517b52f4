import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { useDataProvider } from '../../api/DataProviderContext';
import { useNotify } from '../../renderer/skin/toasts';
import { CONSENT_UPLOADED, NO_SIGNED_LINK, uploadFailed, viewFailed } from './consentForm';

/** The consent form's upload and view: the upload posts the file (multipart), the view asks for a signed link and opens /pdf with it. */
export function useConsentForm(patientId: number | string | undefined) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const upload = useMutation({
    mutationFn: (file: File) => dataProvider.upload('/patient-documents/upload', file, { patient_id: String(patientId ?? ''), document_type: 'consent_form' }),
    onSuccess: async () => {
      notify(CONSENT_UPLOADED);
      await queryClient.invalidateQueries({ queryKey: ['patients'] });
    },
    onError: (error: Error) => notify(uploadFailed(error.message), 'error'),
  });
  const view = useMutation({
    mutationFn: (documentId: number) => dataProvider.request<{ signed_link?: string | null }>(`/patient-documents/${documentId}`),
    onSuccess: (document) => {
      if (!document.signed_link) {
        notify(viewFailed(NO_SIGNED_LINK), 'error');
        return;
      }
      navigate('/pdf', { state: { url: document.signed_link, title: 'Consent Form' } });
    },
    onError: (error: Error) => notify(viewFailed(error.message), 'error'),
  });
  return { upload, view };
}
