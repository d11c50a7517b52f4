import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { TextField } from '../../ui/TextField';
import { authCalls, isExpiredSignature } from './authCalls';
import type { LoginAnswer, MfaChallenge } from './loginFlow';

/** Spec 000 section 8. */
const TOTP_FAILED = 'TOTP verification failed. Please try again.';
/** Spec 000 sections 5 and 9: a TOTP code is exactly 6 digits. */
const TOTP_CODE = /^\d{6}$/;

interface Props {
  challenge: MfaChallenge;
  onAnswer: (answer: LoginAnswer) => void;
  onExpired: () => void;
  onUsePasskey?: (() => void) | undefined;
}

/** The authenticator-app step: Verify only for exactly 6 digits; a failure clears the code. */
export function TotpForm({ challenge, onAnswer, onExpired, onUsePasskey }: Props) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [warning, setWarning] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!TOTP_CODE.test(code)) return;
    setBusy(true);
    const result = await authCalls.totp(challenge.token, code);
    setBusy(false);
    if (result.ok) return onAnswer(result.body);
    if (isExpiredSignature(result)) return onExpired();
    setCode('');
    setWarning(TOTP_FAILED);
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4">
      {warning && <Notice tone="warning">{warning}</Notice>}
      <p className="text-sm text-slate-700">Enter the 6-digit code from your authenticator app.</p>
      <TextField
        label="Authentication code"
        name="code"
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\s/g, ''))}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        pattern="\d{6}"
        autoFocus
      />
      <Button size="md" variant="primary" type="submit" disabled={busy || !TOTP_CODE.test(code)} className="w-full">
        Verify
      </Button>
      {onUsePasskey && (
        <button type="button" onClick={onUsePasskey} className="text-sm font-medium text-blue-700 hover:underline">
          Use a passkey instead
        </button>
      )}
    </form>
  );
}
