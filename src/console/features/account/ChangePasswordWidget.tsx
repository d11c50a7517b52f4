import { useState, type FormEvent } from 'react';
import { newPasswordIssues } from '../../../domain/passwordRules';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { TextField } from '../../ui/TextField';
import { ACCOUNT_TEXTS } from './accountTexts';
import { firstValidationMessage, useAccountCalls } from './useAccountCalls';

const FIELDS = [
  { key: 'old_password', label: 'Current password', autoComplete: 'current-password' },
  { key: 'new_password', label: 'New password', autoComplete: 'new-password' },
  { key: 'new_password_2', label: 'Confirm new password', autoComplete: 'new-password' },
] as const;
type Key = (typeof FIELDS)[number]['key'];
const EMPTY: Record<Key, string> = { old_password: '', new_password: '', new_password_2: '' };

/**
 * Change password (spec 002 sections 5, 7 and 8): current, new and confirmation, all required; the
 * server's length and match rules checked first; POST auth/change-password; a failure shows the
 * first validation message, or the message.
 */
export function ChangePasswordWidget() {
  const { send, notify } = useAccountCalls();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const missing = Object.fromEntries(FIELDS.filter(({ key }) => values[key] === '').map(({ key }) => [key, ACCOUNT_TEXTS.passwordRequired]));
    const issues = Object.fromEntries(newPasswordIssues(values.new_password, values.new_password_2).map((issue) => [String(issue.loc.at(-1)), issue.msg]));
    const found = { ...issues, ...missing } as Partial<Record<Key, string>>;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await send<{ message?: string }>('/auth/change-password', 'POST', values);
      setValues(EMPTY);
      notify(answer.message ?? ACCOUNT_TEXTS.passwordChanged);
    } catch (error) {
      setProblem(firstValidationMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="max-w-md space-y-3 text-sm" noValidate>
      {problem && <Notice tone="warning">{problem}</Notice>}
      {FIELDS.map(({ key, label, autoComplete }) => (
        <TextField
          key={key}
          label={label}
          name={key}
          type="password"
          autoComplete={autoComplete}
          value={values[key]}
          error={errors[key]}
          onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
        />
      ))}
      <Button type="submit" variant="primary" size="md" disabled={busy}>
        Change password
      </Button>
    </form>
  );
}
