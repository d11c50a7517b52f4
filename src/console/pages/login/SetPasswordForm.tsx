import { useState, type FormEvent } from 'react';
import { newPasswordIssues } from '../../../domain/passwordRules';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { TextField } from '../../ui/TextField';
import { authCalls, detailMessage } from './authCalls';
import { formText } from './formText';
import type { LoginAnswer } from './loginFlow';

/** Spec 000 section 8: a 422 without a message of its own. */
const REQUIREMENTS_NOT_MET = 'Password does not meet requirements';
const PATIENT_REFUSED = 'User account belongs to patient';

interface Props {
  resetCode: string;
  onAnswer: (answer: LoginAnswer) => void;
  onPatient: () => void;
}

/** New password and confirmation with the resetCode of the mail (spec 000 sections 2.2, 5 and 8). */
export function SetPasswordForm({ resetCode, onAnswer, onPatient }: Props) {
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [warning, setWarning] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = formText(form, 'new_password');
    const confirmation = formText(form, 'new_password_2');
    // The server's own rules, checked here first so that most mistakes need no round trip.
    const issues = newPasswordIssues(password, confirmation);
    setFieldErrors(Object.fromEntries(issues.map((issue) => [String(issue.loc.at(-1)), issue.msg])));
    setWarning(undefined);
    if (issues.length > 0) return;
    setBusy(true);
    const result = await authCalls.setPassword(resetCode, password, confirmation);
    setBusy(false);
    if (result.ok) return onAnswer(result.body);
    if (result.status === 403 && detailMessage(result.detail) === PATIENT_REFUSED) return onPatient();
    if (result.status === 422) return setWarning(detailMessage(result.detail) ?? REQUIREMENTS_NOT_MET);
    if (result.status === 400) return setWarning('This link is invalid or has expired. Please request a new one.');
    setWarning(detailMessage(result.detail) ?? 'The password could not be set. Please try again.');
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      {warning && <Notice tone="warning">{warning}</Notice>}
      <TextField label="New password" name="new_password" type="password" autoComplete="new-password" error={fieldErrors.new_password} autoFocus />
      <TextField label="Confirm password" name="new_password_2" type="password" autoComplete="new-password" error={fieldErrors.new_password_2} />
      <Button size="md" variant="primary" type="submit" disabled={busy} className="w-full">
        Set password
      </Button>
    </form>
  );
}
