import { bundledMedications, bundledSnomed } from './bundledTerminology';
import type { Terminology } from './terminology';
import { rxnavMedications, snowstormSnomed } from './upstreamTerminology';

export interface TerminologySettings {
  /** RXNAV_URL: an RxNav-compatible REST base (https://rxnav.nlm.nih.gov/REST). */
  rxnavUrl: string | undefined;
  /** SNOWSTORM_URL and SNOWSTORM_BRANCH: a Snowstorm server and its branch (MAIN, MAIN/SNOMEDCT-US ...). */
  snowstormUrl: string | undefined;
  snowstormBranch: string;
}

/** The terminology the server answers with: each upstream that is configured, else the bundled catalogue. */
export function terminologyFor(settings: TerminologySettings, fetchImpl: typeof fetch = fetch): Terminology {
  return {
    medications: settings.rxnavUrl ? rxnavMedications(settings.rxnavUrl, fetchImpl) : bundledMedications(),
    snomed: settings.snowstormUrl ? snowstormSnomed(settings.snowstormUrl, settings.snowstormBranch, fetchImpl) : bundledSnomed(),
    describe: () => ({
      medications: settings.rxnavUrl ? new URL(settings.rxnavUrl).host : 'bundled',
      snomed: settings.snowstormUrl ? new URL(settings.snowstormUrl).host : 'bundled',
    }),
  };
}
