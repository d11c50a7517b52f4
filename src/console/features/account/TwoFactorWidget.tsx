import { useEffect, useId, useState, type FormEvent } from 'react';
import { getPath } from '../../renderer/core/context';
import { useEvalContext } from '../../renderer/scopeContext';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { TextField } from '../../ui/TextField';
import { ACCOUNT_TEXTS } from './accountTexts';
import { qrCodeSvg, svgDataUrl } from './qrCode';
import { useAccountCalls } from './useAccountCalls';

interface Setup {
  secret: string;
  uri: string;
  svg?: string;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A six-digit authenticator code (spec 000 section 2.2: Verify needs exactly 6 digits). */
export const isSixDigitCode = (code: string) => /^\d{6}$/.test(code);

/**
 * Two-factor authentication of the account (spec 002 sections 4, 7 and 9): set up an authenticator
 * app (POST auth/generate-2fa: the secret as a QR code drawn in the page and as text), enable it with
 * a first code (POST auth/enable-2fa), disable it with the password (POST auth/disable-2fa), and the
 * preferred method among those set up (PATCH users/settings {preferred_mfa_method}).
 */
export function TwoFactorWidget() {
  const { record } = useEvalContext();
  const totpEnabled = getPath(record, 'totp_enabled') === true;
  const hasPasskey = getPath(record, 'has_passkey') === true;
  const { send, notify, refresh } = useAccountCalls();
  const [setup, setSetup] = useState<Setup>();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!setup || setup.svg !== undefined) return;
    let live = true;
    void qrCodeSvg(setup.uri)
      .then((svg) => live && setSetup((current) => (current && current.uri === setup.uri ? { ...current, svg } : current)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [setup]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    run(async () => {
      const answer = await send<{ secret_key: string; qr_code: string }>('/auth/generate-2fa', 'POST');
      setCode('');
      setSetup({ secret: answer.secret_key, uri: answer.qr_code });
    });

  const enable = (event: FormEvent) => {
    event.preventDefault();
    if (!isSixDigitCode(code)) return setProblem(ACCOUNT_TEXTS.codeSixDigits);
    return run(async () => {
      await send('/auth/enable-2fa', 'POST', { code });
      setSetup(undefined);
      setCode('');
      notify(ACCOUNT_TEXTS.twoFactorEnabled);
      await refresh();
    });
  };

  const disable = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return setProblem(`Password: ${ACCOUNT_TEXTS.passwordRequired}`);
    return run(async () => {
      await send('/auth/disable-2fa', 'POST', { password });
      setPassword('');
      notify(ACCOUNT_TEXTS.twoFactorDisabled);
      await refresh();
    });
  };

  return (
    <div className="space-y-4 text-sm text-slate-800">
      <p>
        <span className="font-medium">Authenticator app: </span>
        {totpEnabled ? 'Enabled' : 'Not enabled'}
      </p>
      {problem && <Notice tone="warning">{problem}</Notice>}
      {totpEnabled ? (
        <form onSubmit={(event) => void disable(event)} className="space-y-3" noValidate>
          <TextField
            label="Password"
            name="disable_2fa_password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" size="md" disabled={busy}>
            Disable two-factor authentication
          </Button>
        </form>
      ) : setup ? (
        <form onSubmit={(event) => void enable(event)} className="space-y-3" noValidate>
          <p>Scan this QR code with your authenticator app, or type the secret key into it. Then enter the 6-digit code it shows.</p>
          {setup.svg ? (
            <img src={svgDataUrl(setup.svg)} alt="QR code for your authenticator app" width={200} height={200} className="rounded border border-slate-200" />
          ) : (
            <div className="size-[200px] animate-pulse rounded bg-slate-100" aria-hidden="true" />
          )}
          <p>
            <span className="font-medium" id="totp-secret-label">
              Secret key:{' '}
            </span>
            <code aria-labelledby="totp-secret-label" data-testid="totp-secret" className="break-all rounded bg-slate-100 px-1 py-0.5 font-mono">
              {setup.secret}
            </code>
          </p>
          <TextField
            label="Verification code"
            name="totp_code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\s/g, ''))}
          />
          <div className="flex gap-3">
            <Button type="submit" variant="primary" size="md" disabled={busy || !isSixDigitCode(code)}>
              Enable
            </Button>
            <Button size="md" onClick={() => setSetup(undefined)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="primary" size="md" onClick={() => void start()} disabled={busy}>
          Set up two-factor authentication
        </Button>
      )}
      {(totpEnabled || hasPasskey) && <PreferredMethod totpEnabled={totpEnabled} hasPasskey={hasPasskey} preferred={getPath(record, 'preferred_mfa_method')} />}
    </div>
  );
}

const METHODS = [
  { value: 'authenticator', stored: 'totp', label: 'Authenticator app' },
  { value: 'webauthn', stored: 'webauthn', label: 'Passkey (WebAuthn)' },
] as const;

/** The preferred second factor (spec 002 section 9: authenticator, webauthn), applied when chosen. */
function PreferredMethod({ totpEnabled, hasPasskey, preferred }: { totpEnabled: boolean; hasPasskey: boolean; preferred: unknown }) {
  const { send, notify, refresh } = useAccountCalls();
  const [busy, setBusy] = useState(false);
  const name = useId();
  const available = { authenticator: totpEnabled, webauthn: hasPasskey };
  const choose = async (value: string) => {
    setBusy(true);
    try {
      await send('/users/settings', 'PATCH', { preferred_mfa_method: value });
      notify(ACCOUNT_TEXTS.preferredSaved);
      await refresh();
    } catch {
      notify(ACCOUNT_TEXTS.preferredFailed, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="space-y-2 border-t border-slate-200 pt-4">
      <legend className="font-medium">Preferred method</legend>
      {METHODS.map((method) => (
        <label key={method.value} className="flex items-center gap-2">
          <input
            type="radio"
            name={name}
            value={method.value}
            checked={preferred === method.stored || preferred === method.value}
            disabled={busy || !available[method.value]}
            onChange={() => void choose(method.value)}
          />
          {available[method.value] ? method.label : `${method.label} (not set up)`}
        </label>
      ))}
    </fieldset>
  );
}
