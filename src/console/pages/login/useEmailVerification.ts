import { useEffect, useState } from 'react';
import { authCalls } from './authCalls';

export type EmailVerification = { kind: 'none' } | { kind: 'verifying' } | { kind: 'verified'; message: string } | { kind: 'failed' };

/** Spec 000 section 2.2: a verifyEmailCode in the address is sent to POST auth/verify once. */
export function useEmailVerification(code: string | null): EmailVerification {
  const [state, setState] = useState<EmailVerification>(code ? { kind: 'verifying' } : { kind: 'none' });
  useEffect(() => {
    if (!code) return;
    let current = true;
    void authCalls.verifyEmail(code).then((result) => {
      if (current) setState(result.ok ? { kind: 'verified', message: result.body.message } : { kind: 'failed' });
    });
    return () => {
      current = false;
    };
  }, [code]);
  return state;
}
