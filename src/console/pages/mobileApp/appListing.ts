import { APP_STORE_URL, GOOGLE_PLAY_URL, MARKETING_URL } from '../../shell/externalLinks';

/**
 * What the mobile-app preview page says of the app (spec 000 section 2.3): free, rated 17+, in
 * English, with a description, screenshots and contact links. The support and privacy pages are
 * the operator's site's (MARKETING_URL, set at build time like the console's other outside links).
 */
export const APP_LISTING = {
  name: 'Care Console',
  developer: 'Care Console',
  subtitle: 'Remote patient monitoring',
  price: 'Free',
  ageRating: '17+',
  language: 'English',
  category: 'Medical',
  description: [
    'Care Console connects you with your care team between visits.',
    'Your blood pressure cuff, scale, glucometer or pulse oximeter sends its readings to your care team automatically. See your readings and trends, answer your care team’s questions, and get reminders when a reading is due.',
    'An invitation from your care team is needed to sign in.',
  ],
  screenshots: [
    { key: 'readings', caption: 'Your latest readings at a glance' },
    { key: 'trends', caption: 'Trends over days and weeks' },
    { key: 'care-team', caption: 'Stay in touch with your care team' },
  ],
  links: {
    website: MARKETING_URL,
    support: `${MARKETING_URL}/support`,
    privacy: `${MARKETING_URL}/privacy`,
  },
  stores: { 'app-store': APP_STORE_URL, 'google-play': GOOGLE_PLAY_URL },
} as const;

export type ScreenshotKey = (typeof APP_LISTING)['screenshots'][number]['key'];
