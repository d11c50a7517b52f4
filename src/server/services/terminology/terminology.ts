/**
 * The terminology behind the medical history's coded fields (spec 001 section 7: medications/search,
 * medications/{rxcui}, snowstorm/search, snowstorm/{code}; README.md here). Two implementations of
 * each: an upstream server set by environment variables (RxNav for RxNorm, Snowstorm for SNOMED CT)
 * and the bundled catalogue of ./catalogue, used when none is set (the demo, the tests).
 */

/** An RxNorm concept: its RxCUI, its name and term type (SCD clinical drug, SBD branded drug, IN ingredient ...). */
export interface Medication {
  rxcui: string;
  name: string;
  tty: string | null;
}

/** What a SNOMED CT search looks in: an allergy's substance by its category, or a reaction (a clinical finding). */
export const SNOMED_CATEGORIES = ['food', 'medication', 'environment', 'biologic', 'reaction'] as const;
export type SnomedCategory = (typeof SNOMED_CATEGORIES)[number];

/** A SNOMED CT concept: its id and preferred term. */
export interface SnomedConcept {
  code: string;
  display: string;
}

export interface MedicationTerminology {
  /** Concepts whose names hold every word of `text` (whole or started), at most `limit`, best first. */
  search(text: string, limit: number): Promise<Medication[]>;
  find(rxcui: string): Promise<Medication | undefined>;
}

export interface SnomedTerminology {
  search(text: string, category: SnomedCategory | undefined, limit: number): Promise<SnomedConcept[]>;
  find(code: string): Promise<SnomedConcept | undefined>;
}

export interface Terminology {
  medications: MedicationTerminology;
  snomed: SnomedTerminology;
  /** Where the answers come from, for the health page and the logs: 'bundled' or the upstream's host. */
  describe(): { medications: string; snomed: string };
}
