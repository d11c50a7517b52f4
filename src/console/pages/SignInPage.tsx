import { useCallback, useMemo, useState } from 'react';
import { Redirect, useSearch } from 'wouter';
import { session } from '../api/session';
import { Notice } from '../ui/Notice';
import { useSession } from '../shell/useSession';
import { EmailVerificationNotice } from './login/EmailVerificationNotice';
import { LoginForm } from './login/LoginForm';
import { initialLoginView, keepsExistingSession, stepAfter, webauthnSupported, type LoginAnswer, type LoginView, type MfaChallenge } from './login/loginFlow';
import { LoginLayout } from './login/LoginLayout';
import { MobileAppsNotice } from './login/MobileAppsNotice';
import { redirectTarget } from './login/redirectTarget';
import { useEmailVerification } from './login/useEmailVerification';
import { useMfaExpiry } from './login/useMfaExpiry';
import { SESSION_TIMED_OUT } from './login/formText';
import { onDemandComponent } from '../ui/OnDemandComponent';

// The steps after the password, and the password reset, are fetched when reached: the sign-in route
// carries only the login form (issue 20: 80 KB of JavaScript for /login).
const TotpForm = onDemandComponent(() => import('./login/TotpForm').then((module) => module.TotpForm));
const WebauthnStep = onDemandComponent(() => import('./login/WebauthnStep').then((module) => module.WebauthnStep));
const ResetPasswordForm = onDemandComponent(() => import('./login/ResetPasswordForm').then((module) => module.ResetPasswordForm));
const SetPasswordForm = onDemandComponent(() => import('./login/SetPasswordForm').then((module) => module.SetPasswordForm));

const TITLES: Record<LoginView, string> = {
  login: 'Sign in',
  'reset-password': 'Reset your password',
  'set-password': 'Choose a new password',
  'reset-success-patient': 'Password reset',
  'patient-success': 'Password set',
  'patient-account': 'Use the mobile app',
  totp: 'Two-factor authentication',
  webauthn: 'Sign in with your passkey',
};

/** /login and all its views (spec 000 section 2.2). */
export default function SignInPage() {
  const search = useSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const [view, setView] = useState<LoginView>(() => initialLoginView(params));
  const [challenge, setChallenge] = useState<MfaChallenge>();
  const sessionState = useSession();
  const verification = useEmailVerification(params.get('verifyEmailCode'));

  const backToLogin = useCallback(() => {
    setChallenge(undefined);
    setView('login');
  }, []);
  const mfa = useMfaExpiry(challenge, backToLogin);
  const showPatientScreen = useCallback(() => setView('patient-account'), []);
  const switchToTotp = useCallback(() => setView('totp'), []);
  const onAnswer = useCallback((answer: LoginAnswer) => {
    const step = stepAfter(answer);
    if (step.kind === 'signed-in') session.signIn(step.body);
    else if (step.kind === 'patient') setView('patient-account');
    else {
      setChallenge(step.challenge);
      setView(step.method);
    }
  }, []);

  if (sessionState.status === 'signed-in' && sessionState.token.role !== 'patient' && !keepsExistingSession(view)) {
    return <Redirect to={redirectTarget(params.get('redirectTo'))} replace />;
  }

  // The session state says why this tab is signed out; a later visit to /login (a reload) is a plain one.
  const timedOut = (sessionState.status === 'signed-out' && sessionState.reason === 'idle') || sessionState.status === 'timed-out';
  const loginForm = <LoginForm onAnswer={onAnswer} onPatient={showPatientScreen} onForgotPassword={() => setView('reset-password')} />;
  const content = (() => {
    if (mfa.expired) return <Notice tone="warning">{SESSION_TIMED_OUT}</Notice>;
    switch (view) {
      case 'login':
        return loginForm;
      case 'reset-password':
        return <ResetPasswordForm onBack={backToLogin} />;
      case 'set-password':
        return <SetPasswordForm resetCode={params.get('resetCode') ?? ''} onAnswer={onAnswer} onPatient={() => setView('patient-success')} />;
      case 'totp':
      case 'webauthn':
        // A second-factor view without its challenge (never reached by a link) is the login form.
        if (!challenge) return loginForm;
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
      case 'reset-success-patient':
      case 'patient-success':
      case 'patient-account':
        return <MobileAppsNotice reason={view} />;
    }
  })();

  return (
    <LoginLayout title={TITLES[view]}>
      {view === 'login' && <EmailVerificationNotice verification={verification} />}
      {view === 'login' && timedOut && !mfa.expired && (
        <div className="mb-4">
          <Notice tone="warning">{SESSION_TIMED_OUT}</Notice>
        </div>
      )}
      {content}
    </LoginLayout>
  );
}
