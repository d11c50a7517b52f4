import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { authCalls, isExpiredSignature } from './authCalls';
import { webauthnSupported, type LoginAnswer, type MfaChallenge } from './loginFlow';
import { getAssertion } from './webauthnCeremony';

/** Spec 000 section 8. */
const WEBAUTHN_UNSUPPORTED = 'Your browser does not support WebAuthn. Please use a modern browser that supports this feature.';
const WEBAUTHN_FAILED = 'WebAuthn authentication failed. Please try again.';
const LOGIN_FAILED = 'Login failed. Please try again.';
/** Spec 000 section 2.2: an unsupported browser moves to TOTP after 1 second. */
const WEBAUTHN_FALLBACK_MS = 1000;

type State = { kind: 'asking' } | { kind: 'unsupported' } | { kind: 'failed'; message: string };

interface Props {
  challenge: MfaChallenge;
  onAnswer: (answer: LoginAnswer) => void;
  onExpired: () => void;
  onUseTotp: () => void;
}

/** The passkey step: asks the browser for a credential as soon as it opens. */
export function WebauthnStep({ challenge, onAnswer, onExpired, onUseTotp }: Props) {
  const [state, setState] = useState<State>(() => (webauthnSupported() ? { kind: 'asking' } : { kind: 'unsupported' }));
  const started = useRef(false);

  const authenticate = useCallback(async () => {
    setState({ kind: 'asking' });
    const options = await authCalls.webauthnOptions(challenge.token);
    if (isExpiredSignature(options)) return onExpired();
    if (!options.ok) return setState({ kind: 'failed', message: LOGIN_FAILED });
    let assertion: Record<string, unknown>;
    try {
      assertion = await getAssertion(options.body);
    } catch {
      return setState({ kind: 'failed', message: WEBAUTHN_FAILED });
    }
    const verified = await authCalls.webauthnVerify(challenge.token, assertion);
    if (verified.ok) return onAnswer(verified.body);
    if (isExpiredSignature(verified)) return onExpired();
    setState({ kind: 'failed', message: verified.status === 401 ? WEBAUTHN_FAILED : LOGIN_FAILED });
  }, [challenge.token, onAnswer, onExpired]);

  useEffect(() => {
    if (state.kind !== 'unsupported') return;
    const timer = window.setTimeout(onUseTotp, WEBAUTHN_FALLBACK_MS);
    return () => window.clearTimeout(timer);
  }, [state.kind, onUseTotp]);

  useEffect(() => {
    // Once per visit: a second browser prompt right after the first would only confuse.
    if (started.current || !webauthnSupported()) return;
    started.current = true;
    void authenticate();
  }, [authenticate]);

  if (state.kind === 'unsupported') return <Notice tone="warning">{WEBAUTHN_UNSUPPORTED}</Notice>;
  return (
    <div className="space-y-4">
      {state.kind === 'failed' && <Notice tone="warning">{state.message}</Notice>}
      <p className="text-sm text-slate-700">
        {state.kind === 'asking' ? 'Follow your browser’s prompt to use your passkey.' : 'Use your passkey to finish signing in.'}
      </p>
      <Button size="md" variant="primary" onClick={() => void authenticate()} disabled={state.kind === 'asking'} className="w-full">
        Try again
      </Button>
      {challenge.methods.includes('totp') && (
        <button type="button" onClick={onUseTotp} className="text-sm font-medium text-blue-700 hover:underline">
          Use your authenticator app instead
        </button>
      )}
    </div>
  );
}
