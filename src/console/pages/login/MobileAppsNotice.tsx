import { APP_STORE_URL, GOOGLE_PLAY_URL } from '../../shell/externalLinks';

/** Why a patient is on this screen. */
const LEADS = {
  'patient-account': 'This account belongs to a patient. Patients use the mobile app, not this console.',
  'reset-success-patient': 'Your password has been reset. Sign in to the mobile app with your new password.',
  'patient-success': 'Your password is set. Sign in to the mobile app to get started.',
} as const;

/** The patient screens (spec 000 sections 1 and 2.2): use the mobile apps. */
export function MobileAppsNotice({ reason }: { reason: keyof typeof LEADS }) {
  const store = 'rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50';
  return (
    <div className="space-y-4">
      <p className="text-slate-700">{LEADS[reason]}</p>
      <p className="text-sm text-slate-700">Download the app for your phone:</p>
      <div className="flex flex-wrap gap-3">
        <a className={store} href={APP_STORE_URL} target="_blank" rel="noopener noreferrer">
          App Store <span className="sr-only">(opens in a new tab)</span>
        </a>
        <a className={store} href={GOOGLE_PLAY_URL} target="_blank" rel="noopener noreferrer">
          Google Play <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
    </div>
  );
}
