import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { loginPath } from './loginPath';

/** Spec 000 sections 4.2 and 8: how long the session-timeout message shows before the login page. */
const SESSION_TIMEOUT_NOTICE_MS = 3000;

/** The session-timeout message, then the login page (which brings the user back here). */
export function SessionTimedOut() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(loginPath(search ? `${location}?${search}` : location), { replace: true }), SESSION_TIMEOUT_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [location, search, navigate]);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-6">
      <p role="alert" className="max-w-md rounded-lg border border-amber-300 bg-amber-50 p-6 text-center text-amber-950">
        Oops! Your session timed out. No worries, let's try that again!
      </p>
    </main>
  );
}
