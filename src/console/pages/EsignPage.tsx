import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useParams } from 'wouter';
import { Button } from '../ui/Button';
import { Notice } from '../ui/Notice';
import { TextField } from '../ui/TextField';
import { readSigningDocument, signDocument, type SigningDocument } from './esign/esignCalls';
import { SignatureCanvas, type SignatureHandle } from './esign/SignatureCanvas';
import { LoginLayout } from './login/LoginLayout';

type View = { kind: 'loading' } | { kind: 'unusable'; message: string } | { kind: 'form'; document: SigningDocument } | { kind: 'signed' };

export const NAME_REQUIRED = 'Type your full name.';
export const SIGNATURE_REQUIRED = 'Draw your signature in the box.';
export const THANK_YOU = 'Thank you. Your signed consent form has been sent to your care team. You can close this page.';

/**
 * /esign/{slug} (spec 001 section 5), a public page outside the console: the consent text, the
 * signer's typed full name and a drawn signature (SignatureCanvas), Sign, then a thank-you. A link
 * that is unknown, expired, rescinded or already used says so (the server's sentence).
 */
export default function EsignPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const [view, setView] = useState<View>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    void readSigningDocument(slug).then((answer) => {
      if (live) setView(answer.ok ? { kind: 'form', document: answer.body } : { kind: 'unusable', message: answer.message });
    });
    return () => {
      live = false;
    };
  }, [slug]);

  const title = view.kind === 'form' ? view.document.document_title : view.kind === 'signed' ? 'Consent form signed' : 'Sign your consent form';
  return (
    <LoginLayout title={title}>
      {view.kind === 'loading' && <p className="text-sm text-slate-600">Loading…</p>}
      {view.kind === 'unusable' && <Notice tone="warning">{view.message}</Notice>}
      {view.kind === 'signed' && <Notice tone="success">{THANK_YOU}</Notice>}
      {view.kind === 'form' && (
        <SigningForm
          slug={slug}
          document={view.document}
          onSigned={() => setView({ kind: 'signed' })}
          onGone={(message) => setView({ kind: 'unusable', message })}
        />
      )}
    </LoginLayout>
  );
}

function SigningForm({
  slug,
  document,
  onSigned,
  onGone,
}: {
  slug: string;
  document: SigningDocument;
  onSigned: () => void;
  onGone: (message: string) => void;
}) {
  const [name, setName] = useState('');
  const [drawn, setDrawn] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; signature?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const pad = useRef<SignatureHandle>(null);
  const signatureErrorId = useId();
  const textId = useId();
  const onChange = useCallback((value: boolean) => {
    setDrawn(value);
    // A drawing answers the 'draw your signature' error.
    if (value) setErrors(({ signature: _answered, ...rest }) => rest);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const png = pad.current?.png();
    const found = { ...(name.trim() ? {} : { name: NAME_REQUIRED }), ...(drawn && png ? {} : { signature: SIGNATURE_REQUIRED }) };
    setErrors(found);
    if (found.name || found.signature || !png) return;
    setBusy(true);
    const answer = await signDocument(slug, name.trim(), png);
    setBusy(false);
    if (answer.ok) onSigned();
    else if (answer.status === 404 || answer.status === 409 || answer.status === 410) onGone(answer.message);
    else setErrors({ form: answer.message });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <p className="text-sm text-slate-700">
        Hello {document.patient_first_name}, please read the consent below, then type your full name and sign. The link works until{' '}
        {new Date(document.expires_at).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })}.
      </p>
      <section aria-labelledby={textId} className="max-h-80 overflow-y-auto rounded-md border border-slate-200 bg-slate-50 p-4" tabIndex={0}>
        <h2 id={textId} className="text-base font-semibold text-slate-900">
          Consent text <span className="text-xs font-normal text-slate-600">(version {document.consent_version})</span>
        </h2>
        {document.consent_text.split(/\n\n+/).map((paragraph, i) => (
          <p key={i} className="mt-3 text-sm leading-relaxed text-slate-800">
            {paragraph}
          </p>
        ))}
      </section>
      <TextField
        label="Your full name"
        autoComplete="name"
        value={name}
        error={errors.name}
        onChange={(event) => {
          setName(event.target.value);
          setErrors(({ name: _answered, ...rest }) => rest);
        }}
      />
      <div>
        <SignatureCanvas handle={pad} typedName={name} onChange={onChange} errorId={errors.signature ? signatureErrorId : undefined} />
        {errors.signature && (
          <p id={signatureErrorId} className="mt-1 text-sm text-red-700">
            {errors.signature}
          </p>
        )}
        <div className="mt-2 flex justify-end">
          <Button onClick={() => pad.current?.clear()}>Clear</Button>
        </div>
      </div>
      {errors.form && <Notice tone="warning">{errors.form}</Notice>}
      <Button type="submit" variant="primary" size="md" className="w-full" disabled={busy}>
        {busy ? 'Signing…' : 'Sign'}
      </Button>
    </form>
  );
}
