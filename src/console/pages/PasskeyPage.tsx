import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { session } from '../api/session';
import { FullPageStatus } from '../shell/FullPageStatus';
import { Button } from '../ui/Button';
import { Notice } from '../ui/Notice';
import { TextField } from '../ui/TextField';
import { LoginLayout } from './login/LoginLayout';
import { stepAfter, webauthnSupported } from './login/loginFlow';
import { siteEnvironment } from './passkey/passkeyCalls';
import { passkeyLogin, patientPasskeyRegistration } from './passkey/passkeyFlows';
import { PASSKEY_TEXTS } from './passkey/passkeyTexts';

/** How long 'Login successful!' shows before the console opens. */
export const LOGIN_REDIRECT_MS = 1000;

type Status = { tone: 'success' | 'warning'; text: string };

/**
 * /passkey (spec 000 section 2.1 and 002), public and for testing environments only (GET / of the
 * API names the environment; in production the page says it is not available): Login with PassKey
 * (a discoverable passkey, no user name; a staff session opens the console), and a patient's passkey
 * registration with their one-time code and date of birth, each with the spec's status texts.
 */
export default function PasskeyPage() {
  const [environment, setEnvironment] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void siteEnvironment().then((found) => live && setEnvironment(found ?? null));
    return () => {
      live = false;
    };
  }, []);
  if (environment === undefined) return <FullPageStatus />;
  if (environment === null || environment === 'production') {
    return (
      <LoginLayout title="Passkey">
        <Notice tone="warning">{PASSKEY_TEXTS.unavailable}</Notice>
      </LoginLayout>
    );
  }
  return <PasskeyTools />;
}

function StatusLine({ status }: { status: Status | undefined }) {
  return <div aria-live="polite">{status && <Notice tone={status.tone}>{status.text}</Notice>}</div>;
}

function PasskeyTools() {
  const [, navigate] = useLocation();
  const supported = webauthnSupported();
  const [loginStatus, setLoginStatus] = useState<Status>();
  const [registerStatus, setRegisterStatus] = useState<Status>();
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [birthdate, setBirthdate] = useState('');
  const [errors, setErrors] = useState<{ code?: string; birthdate?: string }>({});
  const [signedIn, setSignedIn] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [signedIn, navigate]);

  const login = async () => {
    setBusy(true);
    setLoginStatus(undefined);
    const outcome = await passkeyLogin();
    setBusy(false);
    if (!outcome.ok) return setLoginStatus({ tone: 'warning', text: outcome.message });
    const step = stepAfter(outcome.value);
    if (step.kind !== 'signed-in') return setLoginStatus({ tone: 'warning', text: PASSKEY_TEXTS.loginFailed });
    session.signIn(step.body);
    setLoginStatus({ tone: 'success', text: outcome.message });
    setSignedIn(true);
  };

  const register = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(code.trim() === '' ? { code: PASSKEY_TEXTS.codeRequired } : {}),
      ...(birthdate === '' ? { birthdate: PASSKEY_TEXTS.birthdateRequired } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setRegisterStatus(undefined);
    const outcome = await patientPasskeyRegistration(code.trim(), birthdate);
    setBusy(false);
    setRegisterStatus({ tone: outcome.ok ? 'success' : 'warning', text: outcome.message });
    if (outcome.ok) {
      setCode('');
      setBirthdate('');
    }
  };

  return (
    <LoginLayout title="Passkey">
      <div className="space-y-8 text-sm text-slate-800">
        {!supported && <Notice tone="warning">{PASSKEY_TEXTS.unsupported}</Notice>}
        <section aria-labelledby="passkey-login" className="space-y-3">
          <h2 id="passkey-login" className="text-lg font-semibold text-slate-900">
            Sign in
          </h2>
          <p>Sign in with a passkey saved on this device, without your e-mail address or password.</p>
          <Button variant="primary" size="md" className="w-full" onClick={() => void login()} disabled={busy || signedIn}>
            Login with PassKey
          </Button>
          <StatusLine status={loginStatus} />
        </section>
        <section aria-labelledby="passkey-register" className="space-y-3 border-t border-slate-200 pt-6">
          <h2 id="passkey-register" className="text-lg font-semibold text-slate-900">
            Register a patient passkey
          </h2>
          <p>Enter the one-time code you received and your date of birth, then follow your browser&apos;s steps.</p>
          <form onSubmit={(event) => void register(event)} className="space-y-3" noValidate>
            <TextField
              label="One-time code"
              name="token"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={errors.code}
            />
            <TextField
              label="Date of birth"
              name="birthdate"
              type="date"
              value={birthdate}
              onChange={(event) => setBirthdate(event.target.value)}
              error={errors.birthdate}
            />
            <Button type="submit" size="md" className="w-full" disabled={busy}>
              Register passkey
            </Button>
          </form>
          <StatusLine status={registerStatus} />
        </section>
      </div>
    </LoginLayout>
  );
}
