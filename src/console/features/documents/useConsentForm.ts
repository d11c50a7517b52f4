import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { useDataProvider } from '../../api/DataProviderContext';
import { useNotify } from '../../renderer/skin/toasts';
import {
  CONSENT_UPLOADED,
  ESIGN_RESCINDED,
  esignBody,
  esignRescindFailed,
  esignSendFailed,
  esignSent,
  NO_ESIGN_TO_RESCIND,
  NO_SIGNED_LINK,
  uploadFailed,
  viewFailed,
  type EsignDraft,
  type EsignRequest,
} from './consentForm';

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

const esignKey = (patientId: number | string | undefined) => ['esign-request', String(patientId ?? '')];

/**
 * The consent form's e-signature (spec 001 section 5): the pending request (GET esign-request, read
 * only when `enabled`), Send (POST esign-request), Resend (POST esign-request/{id}/resend: a new link
 * is mailed) and Rescind (DELETE esign-request/{id}), with the spec's texts on errors.
 */
export function useEsign(patientId: number | undefined, enabled: boolean) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const pending = useQuery({
    queryKey: esignKey(patientId),
    enabled: enabled && patientId !== undefined,
    queryFn: async () => {
      const rows = await dataProvider.request<EsignRequest[]>(
        `/esign-request?${new URLSearchParams({ filter: JSON.stringify({ patient_id: patientId }) }).toString()}`,
      );
      return rows[0] ?? null;
    },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: esignKey(patientId) });
  const json = (method: string, body?: object): RequestInit => ({ method, ...(body ? { body: JSON.stringify(body) } : {}) });
  const send = useMutation({
    mutationFn: (draft: EsignDraft) => dataProvider.request<EsignRequest>('/esign-request', json('POST', esignBody(patientId ?? 0, draft))),
    onSuccess: async (request) => {
      notify(esignSent(request.signer_email));
      await refresh();
    },
    onError: (error: Error) => notify(esignSendFailed(error.message), 'error'),
  });
  const resend = useMutation({
    mutationFn: (id: number) => dataProvider.request<EsignRequest>(`/esign-request/${id}/resend`, json('POST')),
    onSuccess: async (request) => {
      notify(esignSent(request.signer_email));
      await refresh();
    },
    onError: (error: Error) => notify(esignSendFailed(error.message), 'error'),
  });
  const rescind = useMutation({
    mutationFn: async (id: number | undefined) => {
      if (id === undefined) throw new Error(NO_ESIGN_TO_RESCIND);
      return dataProvider.request<EsignRequest>(`/esign-request/${id}`, json('DELETE'));
    },
    onSuccess: async () => {
      notify(ESIGN_RESCINDED);
      await refresh();
    },
    onError: async (error: Error) => {
      notify(error.message === NO_ESIGN_TO_RESCIND ? NO_ESIGN_TO_RESCIND : esignRescindFailed(error.message), 'error');
      await refresh();
    },
  });
  return { pending: pending.data ?? null, send, resend, rescind };
}
