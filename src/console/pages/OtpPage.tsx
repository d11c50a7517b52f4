import { useCallback, useMemo, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { session } from '../api/session';
import { Notice } from '../ui/Notice';
import { LoginLayout } from './login/LoginLayout';
import { stepAfter, webauthnSupported, type LoginAnswer, type MfaChallenge } from './login/loginFlow';
import { MobileAppsNotice } from './login/MobileAppsNotice';
import { TotpForm } from './login/TotpForm';
import { useMfaExpiry } from './login/useMfaExpiry';
import { WebauthnStep } from './login/WebauthnStep';
import { OtpForm } from './otp/OtpForm';
import { SESSION_TIMED_OUT } from './login/formText';

type OtpView = 'code' | 'patient-success' | 'totp' | 'webauthn' | 'signed-in';

const TITLES: Record<Exclude<OtpView, 'signed-in'>, string> = {
  code: 'Set your password',
  'patient-success': 'Password set',
  totp: 'Two-factor authentication',
  webauthn: 'Sign in with your passkey',
};

/**
 * /otp (spec 002), a public page outside the console: a one-time code (the reset mail's, Add
 * Patient's one-time password, the mobile-app invitation's; `?code=` prefills it), then the new
 * password. A patient's password is set and the page says so and points to the mobile apps (the
 * login pages' 'patient-success' view); staff are signed in as after a reset on /login, through their
 * second factor when they have one (the password is set by then: when that step runs out, /login).
 */
export default function OtpPage() {
  const search = useSearch();
  const code = useMemo(() => new URLSearchParams(search).get('code') ?? '', [search]);
  const [, navigate] = useLocation();
  const [view, setView] = useState<OtpView>('code');
  const [challenge, setChallenge] = useState<MfaChallenge>();
  const toLogin = useCallback(() => navigate('/login', { replace: true }), [navigate]);
  const mfa = useMfaExpiry(challenge, toLogin);

  const onAnswer = useCallback((answer: LoginAnswer) => {
    const step = stepAfter(answer);
    if (step.kind === 'signed-in') {
      session.signIn(step.body);
      setView('signed-in');
    } else if (step.kind === 'patient') setView('patient-success');
    else {
      setChallenge(step.challenge);
      setView(step.method);
    }
  }, []);
  const switchToTotp = useCallback(() => setView('totp'), []);

  if (view === 'signed-in') return <Redirect to="/" replace />;

  const content = (() => {
    if (mfa.expired) return <Notice tone="warning">{SESSION_TIMED_OUT}</Notice>;
    switch (view) {
      case 'code':
        return <OtpForm initialCode={code} onAnswer={onAnswer} onPatient={() => setView('patient-success')} />;
      case 'patient-success':
        return <MobileAppsNotice reason="patient-success" />;
      case 'totp':
      case 'webauthn':
        if (!challenge) return <OtpForm initialCode={code} onAnswer={onAnswer} onPatient={() => setView('patient-success')} />;
        return view === 'totp' ? (
          <TotpForm
            challenge={challenge}
            onAnswer={onAnswer}
            onExpired={mfa.expire}
            onUsePasskey={challenge.methods.includes('webauthn') && webauthnSupported() ? () => setView('webauthn') : undefined}
          />
        ) : (
          <WebauthnStep challenge={challenge} onAnswer={onAnswer} onExpired={mfa.expire} onUseTotp={switchToTotp} />
        );
    }
  })();

  return <LoginLayout title={TITLES[view]}>{content}</LoginLayout>;
}
