/**
 * What `use-sync-external-store/shim` is aliased to in the build (vite.config.ts): React 18 and later
 * have the hook, so the shim's fallback for older React (0.8 KB on the sign-in page, through wouter)
 * is not shipped.
 */
export { useSyncExternalStore } from 'react';
