/** What /signature.json holds: the deployed console's version and build. */
export interface ConsoleSignature {
  version: string;
  build?: string;
}

/** The console running in this tab (set by vite.config.ts at build time). */
export const RUNNING_SIGNATURE: ConsoleSignature = {
  version: import.meta.env.VITE_CONSOLE_VERSION ?? '0.0.0',
  build: import.meta.env.VITE_CONSOLE_BUILD,
};

/**
 * Whether the deployed console differs from the running one (spec 000 section 4.2). A build id is
 * compared only when both sides carry one, so a signature of the API alone still works.
 */
export function isNewVersion(running: ConsoleSignature, deployed: ConsoleSignature): boolean {
  if (deployed.version !== running.version) return true;
  return Boolean(running.build && deployed.build && deployed.build !== running.build);
}

/** Reads a /signature.json body; anything else (an HTML fallback, an error) is not a signature. */
export function parseSignature(body: unknown): ConsoleSignature | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { version, build } = body as Record<string, unknown>;
  if (typeof version !== 'string') return undefined;
  return typeof build === 'string' ? { version, build } : { version };
}
