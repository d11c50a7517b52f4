/**
 * The account page's words. Those in quotes in spec 002 section 8 (and 000 section 8 for the
 * browser without WebAuthn) are contracts, word for word; the others are ours (README).
 */
export const ACCOUNT_TEXTS = {
  never: 'Never',
  preferencesSaved: 'Preferences saved',
  preferencesFailed: 'Error: ',
  preferredFailed: 'Failed to update preferred 2FA method.',
  preferredSaved: 'Preferred 2FA method updated',
  webauthnUnsupported: 'Your browser does not support WebAuthn. Please use a modern browser that supports this feature.',
  optionsFailed: 'Failed to fetch registration options. Please try again.',
  alreadyRegistered: 'This authenticator was previously registered. Please try a different device or browser.',
  createFailed: 'Failed to create passkey. Please try again.',
  deleteFailed: 'Failed to delete security key. Please try again.',
  passkeyCreated: 'Passkey created',
  passkeyDeleted: 'Security key deleted',
  nicknameRequired: 'A nickname is required',
  codeSixDigits: 'Enter the 6-digit code from your authenticator app',
  passwordRequired: 'Required',
  twoFactorEnabled: 'Two-factor authentication enabled',
  twoFactorDisabled: 'Two-factor authentication disabled',
  passwordChanged: 'Password changed',
} as const;

/** The preference switches of spec 002 section 9, as users.settings keys. */
export const PREFERENCE_TOGGLES = [
  { key: 'daily_task_summary_email', label: 'Daily task summary email' },
  { key: 'monitoring_progress_summary_email', label: 'Monitoring progress summary email' },
  { key: 'collapse_sidebar_on_click', label: 'Collapse sidebar on click' },
] as const;

export type PreferenceKey = (typeof PREFERENCE_TOGGLES)[number]['key'];

/** The settings key of the user's time zone (the shell keeps it in step with the browser: useTimeZoneSync). */
export const TIME_ZONE_KEY = 'user_timezone';
