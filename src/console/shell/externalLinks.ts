/**
 * Addresses outside the console. The spec names them without giving them, so each can be set
 * at build time (VITE_*), with a placeholder of the operator's site as default.
 */
const env = import.meta.env;
const site: string = env.VITE_MARKETING_URL ?? 'https://www.care-console.example';

export const MARKETING_URL = site;
export const REQUEST_DEMO_URL: string = env.VITE_REQUEST_DEMO_URL ?? `${site}/request-demo`;
export const HELP_CENTRE_URL: string = env.VITE_HELP_CENTRE_URL ?? `${site}/help`;
export const FEEDBACK_URL: string = env.VITE_FEEDBACK_URL ?? `${site}/feedback`;
export const APP_STORE_URL: string = env.VITE_APP_STORE_URL ?? 'https://apps.apple.com/';
export const GOOGLE_PLAY_URL: string = env.VITE_GOOGLE_PLAY_URL ?? 'https://play.google.com/store/apps';
