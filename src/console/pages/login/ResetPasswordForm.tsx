import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { TextField } from '../../ui/TextField';
import { authCalls, detailMessage } from './authCalls';
import { formText } from './formText';

/** Spec 000 section 8: the answer to a reset request (the server's own words, which are these). */
const RESET_LINK_SENT = 'Password reset link sent.';

type State = { kind: 'idle' } | { kind: 'busy' } | { kind: 'sent'; message: string } | { kind: 'failed'; message: string };

/** Asks for the account's e-mail address and sends a reset link (spec 000 section 2.2). */
export function ResetPasswordForm({ onBack }: { onBack: () => void }) {
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState({ kind: 'busy' });
    const result = await authCalls.resetPassword(formText(new FormData(event.currentTarget), 'email'));
    if (result.ok) setState({ kind: 'sent', message: result.body.message || RESET_LINK_SENT });
    else setState({ kind: 'failed', message: detailMessage(result.detail) ?? 'The reset link could not be sent. Please try again.' });
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4">
      {state.kind === 'sent' && <Notice tone="success">{state.message}</Notice>}
      {state.kind === 'failed' && <Notice tone="warning">{state.message}</Notice>}
      <p className="text-sm text-slate-700">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      <TextField label="Email" name="email" type="email" autoComplete="email" required autoFocus />
      <Button size="md" variant="primary" type="submit" disabled={state.kind === 'busy'} className="w-full">
        Send reset link
      </Button>
      <button type="button" onClick={onBack} className="text-sm font-medium text-blue-700 hover:underline">
        Back to sign in
      </button>
    </form>
  );
}
