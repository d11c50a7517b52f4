import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { session } from './api/session';
// First of the window's popstate listeners, ahead of the router's: a form with unsaved changes can hold Back.
import './navigation/popstateGate';
import { BrowserCheck } from './shell/BrowserCheck';
import { FullPageStatus } from './shell/FullPageStatus';

// Route-level splitting: the sign-in page never downloads the shell, the query cache, Headless UI,
// the renderer or any widget (charts, telephony); the shell never downloads the sign-in views.
const SignInPage = lazy(() => import('./pages/SignInPage'));
const OtpPage = lazy(() => import('./pages/OtpPage'));
const DownloadPage = lazy(() => import('./pages/DownloadPage'));
const EsignPage = lazy(() => import('./pages/EsignPage'));
const ShellRoot = lazy(() => import('./shell/ShellRoot'));

/** The console: /login and /otp (public, spec 000) outside the session, every other route inside the shell. */
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
          <Route>
            <ShellRoot />
          </Route>
        </Switch>
      </Suspense>
      <BrowserCheck />
    </>
  );
}
