import { useEffect, useState } from 'react';
import { isNewVersion, parseSignature, RUNNING_SIGNATURE, type ConsoleSignature } from './consoleSignature';

/** Spec 000 section 9: the deployed version is polled every 60 s. */
const VERSION_POLL_MS = 60_000;

async function deployedSignature(): Promise<ConsoleSignature | undefined> {
  try {
    const response = await fetch(new URL('/signature.json', window.location.origin), { cache: 'no-store' });
    return response.ok ? parseSignature(await response.json()) : undefined;
  } catch {
    // Offline or mid-deploy: try again at the next poll.
    return undefined;
  }
}

/** The newer deployed console, until the user skips it; a skipped one is not offered again. */
export function useVersionCheck(): { available: ConsoleSignature | undefined; skip: () => void } {
  const [available, setAvailable] = useState<ConsoleSignature>();
  const [skipped, setSkipped] = useState<string>();

  useEffect(() => {
    const timer = window.setInterval(() => {
      void deployedSignature().then((deployed) => {
        if (deployed && isNewVersion(RUNNING_SIGNATURE, deployed)) setAvailable(deployed);
      });
    }, VERSION_POLL_MS);
    return () => window.clearInterval(timer);
  }, []);

  const offered = available && JSON.stringify(available) !== skipped ? available : undefined;
  return { available: offered, skip: () => setSkipped(JSON.stringify(available)) };
}
