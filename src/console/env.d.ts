/// <reference types="vite/client" />

/** The build settings the console reads (`import.meta.env`); each is optional, with a default where it is read. */
interface ImportMetaEnv {
  /** The API's base address when it lives on another host (api/session.ts); '/api' by default. */
  readonly VITE_API_BASE?: string;
  /** Set by vite.config.ts: the console's version and build (shell/consoleSignature.ts). */
  readonly VITE_CONSOLE_VERSION?: string;
  readonly VITE_CONSOLE_BUILD?: string;
  /** Addresses outside the console (shell/externalLinks.ts). */
  readonly VITE_MARKETING_URL?: string;
  readonly VITE_REQUEST_DEMO_URL?: string;
  readonly VITE_HELP_CENTRE_URL?: string;
  readonly VITE_FEEDBACK_URL?: string;
  readonly VITE_APP_STORE_URL?: string;
  readonly VITE_GOOGLE_PLAY_URL?: string;
}

/** Each bundled screen's id, file, route pattern and version (scripts/vite/screenManifest.ts). */
declare module 'virtual:screen-manifest' {
  const manifest: readonly { id: string; file: string; pattern: string; version: number }[];
  export default manifest;
}
