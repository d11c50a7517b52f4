import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { timeZoneOf } from '../../renderer/core/context';
import { formatDateTime } from '../../renderer/core/format';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { TextField } from '../../ui/TextField';
import { ACCOUNT_TEXTS } from './accountTexts';
import { registerPasskey } from './passkeyRegistration';
import { useAccountCalls } from './useAccountCalls';

interface SecurityKey {
  id: number;
  name: string;
  created_on: string;
}

/** The query of the account's passkeys (GET auth/webauthn/keys). */
export const PASSKEYS_KEY = ['account', 'passkeys'] as const;

/**
 * The account's passkeys (spec 002 sections 5, 7 and 8): the list (GET auth/webauthn/keys) with
 * Delete, and Add passkey, a platform authenticator under a nickname that is required.
 */
export function PasskeysWidget() {
  const { send, notify, refresh, queryClient } = useAccountCalls();
  const timeZone = timeZoneOf(useScreenEnvironment());
  const keys = useQuery({ queryKey: PASSKEYS_KEY, queryFn: () => send<SecurityKey[]>('/auth/webauthn/keys', 'GET') });
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const changed = async () => {
    await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
    await refresh();
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const nickname = name.trim();
    if (nickname === '') return setNameError(ACCOUNT_TEXTS.nicknameRequired);
    setNameError(undefined);
    setBusy(true);
    const outcome = await registerPasskey(send, nickname);
    setBusy(false);
    if (!outcome.ok) return setProblem(outcome.message);
    setName('');
    notify(ACCOUNT_TEXTS.passkeyCreated);
    await changed();
  };

  const remove = async (key: SecurityKey) => {
    setProblem(undefined);
    setBusy(true);
    try {
      await send(`/auth/webauthn/keys/${key.id}`, 'DELETE');
      notify(ACCOUNT_TEXTS.passkeyDeleted);
      await changed();
    } catch {
      setProblem(ACCOUNT_TEXTS.deleteFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4 text-sm text-slate-800">
      {problem && <Notice tone="warning">{problem}</Notice>}
      {keys.isPending ? (
        <p>Loading passkeys…</p>
      ) : keys.isError ? (
        <Notice tone="warning">{keys.error.message}</Notice>
      ) : keys.data.length === 0 ? (
        <p>No passkeys registered.</p>
      ) : (
        <ul aria-label="Passkeys" className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {keys.data.map((key) => (
            <li key={key.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <span>
                <span className="font-medium">{key.name}</span>
                <span className="block text-xs text-slate-600">
                  Added <time dateTime={key.created_on}>{formatDateTime(key.created_on, timeZone)}</time>
                </span>
              </span>
              <Button onClick={() => void remove(key)} disabled={busy} aria-label={`Delete ${key.name}`}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void add(event)} className="flex flex-wrap items-end gap-3" noValidate>
        <TextField
          label="Passkey nickname"
          name="passkey_name"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={nameError}
          className="min-w-56 flex-1"
        />
        <Button type="submit" variant="primary" size="md" disabled={busy}>
          Add passkey
        </Button>
      </form>
    </div>
  );
}
