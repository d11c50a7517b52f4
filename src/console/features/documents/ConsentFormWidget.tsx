import { useId, useRef, useState, type FormEvent } from 'react';
import { evaluateCondition } from '../../renderer/core/conditions';
import type { OptionsOf } from '../../renderer/registries/registryEntry';
import { useEvalContext } from '../../renderer/scopeContext';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/TextField';
import { consentFileProblem, esignPendingSince, shownDate, type EsignDraft } from './consentForm';
import { useConsentForm, useEsign } from './useConsentForm';
import type { consentFormOptions } from './ConsentFormWidget.options';

const flagOn = (value: unknown) => value === true || value === 'true';

/**
 * The record's Consent Form section (spec 001 section 2, profile section 7; the screen hides it for
 * pending_enrollment, unseen and declined): whether a consent form is on file, View (opens it in
 * /pdf through a signed link) and Upload (one PDF of at most 10 MB; the server checks its content).
 * `uploadWhen` is the condition of the upload (patients.update). With the `esign` feature flag on and
 * the upload allowed: Send for E-Signature (the signer gets a link by mail) and, while a request is
 * pending, its date with Resend and Rescind.
 */
export function ConsentFormWidget({ options }: { options: OptionsOf<typeof consentFormOptions> }) {
  const context = useEvalContext();
  const record = context.record as { id?: number; consent_form_document_id?: number | null } | undefined;
  const { upload, view } = useConsentForm(record?.id);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [problem, setProblem] = useState<string>();
  const documentId = record?.consent_form_document_id ?? null;
  const mayUpload = options.uploadWhen === undefined || evaluateCondition(options.uploadWhen, context);
  const esignOn = mayUpload && flagOn(context.featureFlags?.esign);
  const esign = useEsign(record?.id, esignOn);
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const choose = (file: File | undefined) => {
    if (!file) return;
    const found = consentFileProblem(file);
    setProblem(found);
    if (!found) upload.mutate(file);
    if (input.current) input.current.value = '';
  };
  const pending = esignOn ? esign.pending : null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700">{documentId ? 'A signed consent form is on file.' : 'No consent form uploaded.'}</p>
      <div className="flex flex-wrap items-center gap-2">
        {documentId !== null && (
          <Button disabled={view.isPending} onClick={() => view.mutate(documentId)}>
            View Consent Form
          </Button>
        )}
        {mayUpload && (
          <>
            <input
              ref={input}
              type="file"
              accept="application/pdf,.pdf"
              className="sr-only"
              tabIndex={-1}
              aria-label="Consent form PDF"
              aria-describedby={hintId}
              onChange={(event) => choose(event.target.files?.[0])}
            />
            <Button disabled={upload.isPending} onClick={() => input.current?.click()}>
              {upload.isPending ? 'Uploading…' : 'Upload Consent Form'}
            </Button>
          </>
        )}
        {esignOn && !pending && <Button onClick={() => setSending(true)}>Send for E-Signature</Button>}
      </div>
      {pending && (
        <div className="flex w-full flex-wrap items-center gap-2 rounded-md bg-amber-50 px-3 py-2">
          <p className="mr-auto text-sm text-amber-900">
            {esignPendingSince(shownDate(pending.requested_on))}
            <span className="text-amber-800"> (sent to {pending.signer_email})</span>
          </p>
          <Button disabled={esign.resend.isPending} onClick={() => esign.resend.mutate(pending.id)}>
            {esign.resend.isPending ? 'Sending…' : 'Resend'}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            Rescind
          </Button>
        </div>
      )}
      <p id={hintId} className={`w-full text-xs ${problem ? 'font-medium text-red-700' : 'text-slate-500'}`} role={problem ? 'alert' : undefined}>
        {problem ?? 'One PDF file, at most 10 MB.'}
      </p>
      {esignOn && (
        <EsignDialog
          open={sending}
          busy={esign.send.isPending}
          onClose={() => setSending(false)}
          onSend={(draft) => esign.send.mutate(draft, { onSuccess: () => setSending(false) })}
        />
      )}
      <Modal open={confirming} title="Rescind the e-sign request?" width="md" onClose={() => setConfirming(false)}>
        <p className="text-sm text-slate-700">The signing link sent by e-mail stops working. You can send a new request afterwards.</p>
        <div className="mt-6 flex justify-end gap-2">
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button
            variant="danger"
            disabled={esign.rescind.isPending}
            onClick={() => esign.rescind.mutate(pending?.id, { onSettled: () => setConfirming(false) })}
          >
            Rescind
          </Button>
        </div>
      </Modal>
    </div>
  );
}

const GUARDIAN_REQUIRED = "Enter the guardian's e-mail address.";

/** Send for E-Signature: who signs (the patient or a guardian), the guardian's address, an optional other address for the patient. */
function EsignDialog({ open, busy, onClose, onSend }: { open: boolean; busy: boolean; onClose: () => void; onSend: (draft: EsignDraft) => void }) {
  const [draft, setDraft] = useState<EsignDraft>({ signer: 'patient', guardianEmail: '', emailOverride: '' });
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.signer === 'guardian' && draft.guardianEmail.trim() === '') {
      setError(GUARDIAN_REQUIRED);
      return;
    }
    setError(undefined);
    onSend(draft);
  };
  return (
    <Modal open={open} title="Send for E-Signature" width="md" onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Signer</legend>
          <div className="mt-2 flex gap-6">
            {(['patient', 'guardian'] as const).map((signer) => (
              <label key={signer} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name="esign-signer" checked={draft.signer === signer} onChange={() => setDraft({ ...draft, signer })} />
                {signer === 'patient' ? 'Patient' : 'Guardian'}
              </label>
            ))}
          </div>
        </fieldset>
        {draft.signer === 'guardian' ? (
          <TextField
            label="Guardian e-mail"
            type="email"
            autoComplete="off"
            value={draft.guardianEmail}
            error={error}
            onChange={(event) => setDraft({ ...draft, guardianEmail: event.target.value })}
          />
        ) : (
          <div>
            <TextField
              label="E-mail override (optional)"
              type="email"
              autoComplete="off"
              value={draft.emailOverride}
              onChange={(event) => setDraft({ ...draft, emailOverride: event.target.value })}
            />
            <p className="mt-1 text-xs text-slate-600">Leave empty to use the e-mail address of the patient&apos;s profile.</p>
          </div>
        )}
        <div className="flex justify-end gap-2 pt-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? 'Sending…' : 'Send'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
