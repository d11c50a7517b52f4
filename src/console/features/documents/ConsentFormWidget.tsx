import { useId, useRef, useState } from 'react';
import { evaluateCondition } from '../../renderer/core/conditions';
import { defineWidget } from '../../renderer/registries/widgets/widgetTypes';
import { useEvalContext } from '../../renderer/scopeContext';
import { Button } from '../../ui/Button';
import { consentFileProblem } from './consentForm';
import { useConsentForm } from './useConsentForm';

/**
 * The record's Consent Form section (spec 001 section 2, profile section 7; the screen hides it for
 * pending_enrollment, unseen and declined): whether a consent form is on file, View (opens it in
 * /pdf through a signed link) and Upload (one PDF of at most 10 MB; the server checks its content).
 * `uploadWhen` is the condition of the upload (patients.update).
 */
export const consentFormWidget = defineWidget(
  { type: 'object', properties: { uploadWhen: { type: 'object' } }, additionalProperties: false },
  function ConsentFormWidget({ options }) {
    const context = useEvalContext();
    const record = context.record as { id?: number; consent_form_document_id?: number | null } | undefined;
    const { upload, view } = useConsentForm(record?.id);
    const input = useRef<HTMLInputElement>(null);
    const hintId = useId();
    const [problem, setProblem] = useState<string>();
    const documentId = record?.consent_form_document_id ?? null;
    const mayUpload = options.uploadWhen === undefined || evaluateCondition(options.uploadWhen, context);
    const choose = (file: File | undefined) => {
      if (!file) return;
      const found = consentFileProblem(file);
      setProblem(found);
      if (!found) upload.mutate(file);
      if (input.current) input.current.value = '';
    };
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
        </div>
        <p id={hintId} className={`w-full text-xs ${problem ? 'font-medium text-red-700' : 'text-slate-500'}`} role={problem ? 'alert' : undefined}>
          {problem ?? 'One PDF file, at most 10 MB.'}
        </p>
      </div>
    );
  },
);
