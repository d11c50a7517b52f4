import { useState } from 'react';
import { checkBrowser } from './browserSupport';

/** Dismissed for the rest of the browser session, not for good: an old browser stays a risk. */
const DISMISSED_KEY = 'care-console:browser-check-dismissed';

/** The browser-compatibility overlay of spec 000 section 1, with 'Continue Anyway'. */
export function BrowserCheck() {
  const [dismissed, setDismissed] = useState(() => window.sessionStorage.getItem(DISMISSED_KEY) === 'true');
  const [check] = useState(() => checkBrowser(navigator.userAgent));
  if (dismissed || check.kind === 'supported') return null;
  const dismiss = () => {
    window.sessionStorage.setItem(DISMISSED_KEY, 'true');
    setDismissed(true);
  };
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-slate-900/60 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="browser-check-title"
        aria-describedby="browser-check-message"
        className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl"
      >
        <h2 id="browser-check-title" className="text-lg font-semibold text-slate-900">
          {check.title}
        </h2>
        <p id="browser-check-message" className="mt-3 text-sm text-slate-700">
          {check.message}
        </p>
        <button type="button" autoFocus onClick={dismiss} className="mt-6 rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">
          Continue Anyway
        </button>
      </div>
    </div>
  );
}
