import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider } from '../../api/DataProviderContext';
import type { Id } from '../../api/dataProvider';
import { resourceQueries } from '../../api/queryOptions';
import type { ApiRow } from '../../renderer/core/context';
import { useNotify } from '../../renderer/skin/toasts';

/** The widget's words; the quoted ones are spec 001's. */
export const MOBILE_INVITE_TEXTS = {
  copied: 'Code copied to clipboard',
  rejected: 'Patient rejected the mobile app',
  copyFailed: 'The code could not be copied. Select it and copy it by hand.',
} as const;

/** POST patients/{id}/invite-code's answer. */
export interface InviteCode {
  token: string;
  expires_at: string;
  emailed: boolean;
}

/** A failed call's toast: 'Error: ' and the message of the error mapping (spec 001 section 4). */
const errorText = (error: unknown) => `Error: ${error instanceof Error ? error.message : String(error)}`;

const timeOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The controller of the Mobile App Invitation card for a patient (the screen's record):
 *
 * - `create(sendEmail)` makes a one-time code (POST patients/{id}/invite-code `{send_email}`), kept
 *   here to be shown and copied: the server keeps only its hash, so it is shown while the page
 *   stays; a new code replaces it (and, on the server, revokes it).
 * - `copy()` puts the code on the clipboard: 'Code copied to clipboard'.
 * - `setRejected(on)` PATCHes `{rejected_mobile_app_on: <now ISO> | null}`; the switch shows the
 *   asked state while the call runs, then the stored one (the record is read again).
 *
 * Every failure is the toast 'Error: {message}'.
 */
export function useMobileAppInvitation(record: ApiRow | undefined) {
  const patientId = record?.id as Id | undefined;
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const failed = (error: unknown) => notify(errorText(error), 'error');

  const [invite, setInvite] = useState<{ patientId: Id; code: InviteCode }>();
  const create = useMutation({
    mutationFn: (sendEmail: boolean) =>
      dataProvider.request<InviteCode>(`/patients/${String(patientId)}/invite-code`, { method: 'POST', body: JSON.stringify({ send_email: sendEmail }) }),
    onSuccess: (code) => {
      if (patientId !== undefined) setInvite({ patientId, code });
    },
    onError: failed,
  });

  const stored = timeOf(record?.rejected_mobile_app_on);
  const [rejectedOn, setRejectedOn] = useState<string | null>(stored);
  useEffect(() => setRejectedOn(stored), [stored]);
  const reject = useMutation({
    mutationFn: (at: string | null) => dataProvider.update<ApiRow>('patients', patientId as Id, { rejected_mobile_app_on: at }, { method: 'PATCH' }),
    onSuccess: (answer, at) => {
      setRejectedOn(answer && 'rejected_mobile_app_on' in answer ? timeOf(answer.rejected_mobile_app_on) : at);
      void queryClient.invalidateQueries({ queryKey: resourceQueries('patients').key });
    },
    onError: failed,
  });

  const code = invite && invite.patientId === patientId ? invite.code : undefined;
  return {
    patientId,
    code,
    creating: create.isPending,
    create: (sendEmail: boolean) => {
      if (patientId !== undefined && !create.isPending) create.mutate(sendEmail);
    },
    async copy() {
      if (!code) return;
      try {
        await navigator.clipboard.writeText(code.token);
        notify(MOBILE_INVITE_TEXTS.copied);
      } catch {
        failed(new Error(MOBILE_INVITE_TEXTS.copyFailed));
      }
    },
    /** When the patient declined the app (the asked value while a change is on its way), or null. */
    rejectedOn: reject.isPending ? reject.variables : rejectedOn,
    savingRejection: reject.isPending,
    setRejected: (on: boolean) => {
      if (patientId !== undefined && !reject.isPending) reject.mutate(on ? new Date().toISOString() : null);
    },
  };
}
