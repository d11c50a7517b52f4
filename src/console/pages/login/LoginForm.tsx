import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { TextField } from '../../ui/TextField';
import { authCalls, detailMessage } from './authCalls';
import { formText } from './formText';
import type { LoginAnswer } from './loginFlow';

/** Spec 000 section 1: the server's refusal of a patient account. */
const PATIENT_REFUSED = 'User account belongs to patient';
/** Spec 000 section 8: shown when the server gives no message of its own. */
const GENERIC_FAILURE = 'Sign-in failed. Please try again.';

interface Props {
  onAnswer: (answer: LoginAnswer) => void;
  onPatient: () => void;
  onForgotPassword: () => void;
}

/** The credentials step; a failure shows the server's message as a warning. */
export function LoginForm({ onAnswer, onPatient, onForgotPassword }: Props) {
  const [busy, setBusy] = useState(false);
  const [warning, setWarning] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setWarning(undefined);
    const result = await authCalls.login(formText(form, 'username'), formText(form, 'password'));
    setBusy(false);
    if (result.ok) return onAnswer(result.body);
    const message = detailMessage(result.detail);
    if (message === PATIENT_REFUSED) return onPatient();
    setWarning(message ?? GENERIC_FAILURE);
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4">
      {warning && <Notice tone="warning">{warning}</Notice>}
      <TextField label="Email" name="username" type="email" autoComplete="username" required autoFocus />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      <Button size="md" variant="primary" type="submit" disabled={busy} className="w-full">
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
      <button type="button" onClick={onForgotPassword} className="text-sm font-medium text-blue-700 hover:underline">
        Forgot your password?
      </button>
    </form>
  );
}
