import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { Notice } from '../ui/Notice';
import { EMAIL_VERIFICATION_TEXTS as TEXTS } from './emailVerification/emailVerificationTexts';
import { LoginLayout } from './login/LoginLayout';
import { useEmailVerification } from './login/useEmailVerification';

/**
 * /email-verification (spec 002), public: the link of the verification mail
 * (`?verifyEmailCode=`), sent once to POST auth/verify {token}: verifying, then verified or the
 * error; without a code, the no-code error and no call.
 */
export default function EmailVerificationPage() {
  const search = useSearch();
  const code = useMemo(() => new URLSearchParams(search).get('verifyEmailCode')?.trim() ?? '', [search]);
  const verification = useEmailVerification(code || null);
  return (
    <LoginLayout title={TEXTS.title}>
      <div aria-live="polite" className="space-y-4 text-sm text-slate-800">
        {verification.kind === 'none' && <Notice tone="warning">{TEXTS.noCode}</Notice>}
        {verification.kind === 'verifying' && <p>{TEXTS.verifying}</p>}
        {verification.kind === 'verified' && <Notice tone="success">{TEXTS.verified}</Notice>}
        {verification.kind === 'failed' && <Notice tone="warning">{TEXTS.failed}</Notice>}
      </div>
    </LoginLayout>
  );
}
