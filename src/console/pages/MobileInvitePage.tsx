import { useMemo } from 'react';
import { Link, useSearch } from 'wouter';
import { LoginLayout } from './login/LoginLayout';
import { APP_LISTING } from './mobileApp/appListing';
import { storeStyleFor } from './mobileApp/storeStyle';

export const MOBILE_APP_PATH = '/mobile-app';

const STEP_LINK = 'font-medium text-blue-700 underline hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-blue-600';

/**
 * /mobile/invite (spec 000 section 2.1; the spec shows no more than its existence): where a
 * patient's invitation leads. It says what to do with the one-time code (`?code=`, shown when given):
 * choose a password on /otp with it, get the app from the store of the device, sign in there; and
 * links to the app's preview page.
 */
export default function MobileInvitePage() {
  const search = useSearch();
  const code = useMemo(() => new URLSearchParams(search).get('code')?.trim() ?? '', [search]);
  const style = storeStyleFor(navigator.userAgent, navigator.maxTouchPoints);
  const storeName = style === 'app-store' ? 'App Store' : 'Google Play';
  const otpPath = code ? `/otp?code=${encodeURIComponent(code)}` : '/otp';
  return (
    <LoginLayout title="You're invited">
      <div className="space-y-4 text-sm text-slate-800">
        <p>Your care team invites you to use the {APP_LISTING.name} mobile app.</p>
        {code && (
          <p>
            Your one-time code:{' '}
            <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-base" aria-label="Your one-time code">
              {code}
            </code>
          </p>
        )}
        <ol className="list-decimal space-y-3 pl-5">
          <li>
            <Link href={otpPath} className={STEP_LINK}>
              Choose your password
            </Link>{' '}
            with {code ? 'this' : 'the'} one-time code{code ? '' : ' from your invitation'}. It works once.
          </li>
          <li>
            Get the app from{' '}
            <a href={APP_LISTING.stores[style]} target="_blank" rel="noopener noreferrer" className={STEP_LINK}>
              {storeName}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            .
          </li>
          <li>Sign in to the app with your e-mail address and your new password.</li>
        </ol>
        <p>
          <Link href={MOBILE_APP_PATH} className={STEP_LINK}>
            See the app
          </Link>{' '}
          before you install it.
        </p>
      </div>
    </LoginLayout>
  );
}
