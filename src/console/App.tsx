import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { session } from './api/session';
// First of the window's popstate listeners, ahead of the router's: a form with unsaved changes can hold Back.
import './navigation/popstateGate';
import { FullPageStatus } from './shell/FullPageStatus';
import { onDemandComponent } from './ui/OnDemandComponent';

// Route-level splitting: the sign-in page never downloads the shell, the query cache, Headless UI,
// the renderer or any widget (charts, telephony); the shell never downloads the sign-in views.
const SignInPage = lazy(() => import('./pages/SignInPage'));
const OtpPage = lazy(() => import('./pages/OtpPage'));
const DownloadPage = lazy(() => import('./pages/DownloadPage'));
const EsignPage = lazy(() => import('./pages/EsignPage'));
const EmailVerificationPage = lazy(() => import('./pages/EmailVerificationPage'));
const PasskeyPage = lazy(() => import('./pages/PasskeyPage'));
const MobileInvitePage = lazy(() => import('./pages/MobileInvitePage'));
const MobileAppPage = lazy(() => import('./pages/MobileAppPage'));

/** The public pages' paths (spec 000 section 2.1); every other path is the shell's. */
const PUBLIC_PATHS = ['/login', '/otp', '/download', '/esign/', '/email-verification', '/passkey', '/mobile/invite', '/mobile-app'];
const isPublicPath = (path: string) => PUBLIC_PATHS.some((prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));

/** The unsupported-browser overlay (spec 000 section 1), fetched after the first paint: no page waits for it. */
const BrowserCheck = onDemandComponent(() => import('./shell/BrowserCheck').then((module) => module.BrowserCheck));

/**
 * The shell, fetched without React.lazy (ui/onDemand.ts: a Suspense fallback holds its content back
 * 300 ms); `preloadFor` is called by the entry point before the first render.
 */
const Shell = onDemandComponent(() => import('./shell/ShellRoot').then((module) => module.default), { loading: <FullPageStatus /> });

/**
 * Starts fetching the shell when `path` is the shell's, in parallel with the session's restore; a
 * public page (a patient signing a consent form) never downloads it. Called by main.tsx with the
 * address the console was opened at, not on import, so that whoever renders <App /> elsewhere (a
 * test at /esign) does not load the shell's module graph behind its back.
 */
export function preloadFor(path: string): void {
  if (!isPublicPath(path)) void Shell.preload().catch(() => undefined);
}

/**
 * The console: the public pages of spec 000 section 2.1 (/login, /otp, /email-verification,
 * /passkey, /mobile/invite, the mobile-app preview /mobile-app, /download, /esign) outside the
 * session, each its own chunk; every other route inside the shell.
 */
export function App() {
  useEffect(() => {
    void session.restore();
  }, []);
  return (
    <>
      <Suspense fallback={<FullPageStatus />}>
        <Switch>
          <Route path="/login">
            <SignInPage />
          </Route>
          <Route path="/otp">
            <OtpPage />
          </Route>
          <Route path="/download" component={DownloadPage} />
          <Route path="/esign/:slug" component={EsignPage} />
          <Route path="/email-verification" component={EmailVerificationPage} />
          <Route path="/passkey" component={PasskeyPage} />
          <Route path="/mobile/invite" component={MobileInvitePage} />
          <Route path="/mobile-app" component={MobileAppPage} />
          <Route>
            <Shell />
          </Route>
        </Switch>
      </Suspense>
      <BrowserCheck />
    </>
  );
}
