import { Notice } from '../../ui/Notice';
import type { EmailVerification } from './useEmailVerification';

/** The outcome of an e-mail verification link, above the login form. */
export function EmailVerificationNotice({ verification }: { verification: EmailVerification }) {
  switch (verification.kind) {
    case 'none':
      return null;
    case 'verifying':
      return <Notice tone="info">Verifying your e-mail address…</Notice>;
    case 'verified':
      return <Notice tone="success">{verification.message}</Notice>;
    case 'failed':
      return <Notice tone="warning">This verification link is invalid or has expired.</Notice>;
  }
}
