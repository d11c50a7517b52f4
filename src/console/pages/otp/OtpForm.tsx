import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { newPasswordIssues } from '../../../domain/passwordRules';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { TextField } from '../../ui/TextField';
import { authCalls, detailMessage } from '../login/authCalls';
import type { LoginAnswer } from '../login/loginFlow';
import { checkCode, EMAIL_USER } from './otpCalls';

/** The /otp page's words (spec 002 names the fields and buttons). */
export const OTP_TEXTS = {
  code: 'Code',
  password: 'Password',
  confirmation: 'Confirm Password',
  submit: 'Submit',
  reset: 'Reset',
  badCode: 'This code is not valid or has already been used.',
  codeRequired: 'Enter the code you received.',
  accepted: 'Code accepted. Choose your password.',
  /** Spec 000 section 8: a 422 without a message of its own. */
  requirementsNotMet: 'Password does not meet requirements',
  failed: 'The password could not be set. Please try again.',
  checkFailed: 'The code could not be checked. Please try again.',
} as const;

const PATIENT_REFUSED = 'User account belongs to patient';

type CodeState = 'unchecked' | 'checking' | 'valid' | 'invalid';

interface Props {
  initialCode: string;
  onAnswer: (answer: LoginAnswer) => void;
  onPatient: () => void;
}

/**
 * The /otp form (spec 002): a Code field (prefilled from ?code=, and then checked at once); once
 * POST /auth/otp names the code `email_user`, Password and Confirm Password appear, and Submit sets
 * the password with the code (POST /auth/otp-set-password). A bad or used code is said under the
 * Code field; changing the code hides the password fields until it is checked again. Reset empties
 * every field and starts over.
 */
export function OtpForm({ initialCode, onAnswer, onPatient }: Props) {
  const [code, setCode] = useState(initialCode.trim());
  const [codeState, setCodeState] = useState<CodeState>('unchecked');
  const [codeError, setCodeError] = useState<string>();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [warning, setWarning] = useState<string>();
  const [busy, setBusy] = useState(false);
  // The code a check was sent for: an answer for a code since changed is dropped.
  const asked = useRef<string | undefined>(undefined);

  const verify = useCallback(async (value: string) => {
    if (value === '') {
      setCodeState('invalid');
      setCodeError(OTP_TEXTS.codeRequired);
      return;
    }
    asked.current = value;
    setCodeState('checking');
    setCodeError(undefined);
    setWarning(undefined);
    const result = await checkCode(value);
    if (asked.current !== value) return;
    if (result.ok && result.body.token_type === EMAIL_USER) {
      setCodeState('valid');
      return;
    }
    setCodeState('invalid');
    if (result.ok || result.status === 400) setCodeError(OTP_TEXTS.badCode);
    else setCodeError(detailMessage(result.detail) ?? OTP_TEXTS.checkFailed);
  }, []);

  useEffect(() => {
    const prefilled = initialCode.trim();
    if (prefilled !== '') void verify(prefilled);
  }, [initialCode, verify]);

  function changeCode(value: string) {
    setCode(value);
    asked.current = undefined;
    setCodeState('unchecked');
    setCodeError(undefined);
  }

  function reset() {
    asked.current = undefined;
    setCode('');
    setCodeState('unchecked');
    setCodeError(undefined);
    setPassword('');
    setConfirmation('');
    setFieldErrors({});
    setWarning(undefined);
  }

  async function setNewPassword() {
    // The server's own rules, checked here first so that most mistakes need no round trip.
    const issues = newPasswordIssues(password, confirmation);
    setFieldErrors(Object.fromEntries(issues.map((issue) => [String(issue.loc.at(-1)), issue.msg])));
    setWarning(undefined);
    if (issues.length > 0) return;
    setBusy(true);
    const result = await authCalls.setPassword(code.trim(), password, confirmation);
    setBusy(false);
    if (result.ok) return onAnswer(result.body);
    if (result.status === 403 && detailMessage(result.detail) === PATIENT_REFUSED) return onPatient();
    if (result.status === 400) {
      // Used meanwhile (or expired): back to the code, said where the code is.
      setCodeState('invalid');
      setCodeError(OTP_TEXTS.badCode);
      setPassword('');
      setConfirmation('');
      return;
    }
    if (result.status === 422) return setWarning(detailMessage(result.detail) ?? OTP_TEXTS.requirementsNotMet);
    setWarning(detailMessage(result.detail) ?? OTP_TEXTS.failed);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || codeState === 'checking') return;
    if (codeState === 'valid') void setNewPassword();
    else void verify(code.trim());
  }

  const valid = codeState === 'valid';
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {warning && <Notice tone="warning">{warning}</Notice>}
      <p className="text-sm text-slate-700">Enter the one-time code you received to choose the password of your account.</p>
      <TextField
        label={OTP_TEXTS.code}
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        value={code}
        onChange={(event) => changeCode(event.target.value)}
        error={codeError}
        autoFocus={initialCode === ''}
      />
      {valid && (
        <>
          <Notice tone="success">{OTP_TEXTS.accepted}</Notice>
          <TextField
            label={OTP_TEXTS.password}
            name="new_password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldErrors.new_password}
            autoFocus
          />
          <TextField
            label={OTP_TEXTS.confirmation}
            name="new_password_2"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            error={fieldErrors.new_password_2}
          />
        </>
      )}
      <div className="flex gap-3">
        <Button size="md" variant="primary" type="submit" disabled={busy || codeState === 'checking'} className="flex-1">
          {OTP_TEXTS.submit}
        </Button>
        <Button size="md" variant="secondary" type="button" onClick={reset} disabled={busy}>
          {OTP_TEXTS.reset}
        </Button>
      </div>
    </form>
  );
}
