/** The version the console and the API report (spec 000 section 1). */
export const APP_VERSION = '0.4.0';
