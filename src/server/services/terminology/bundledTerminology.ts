import allergens from './catalogue/snomed-allergens.json';
import medications from './catalogue/rxnorm-medications.json';
import reactions from './catalogue/snomed-reactions.json';
import type { Medication, MedicationTerminology, SnomedCategory, SnomedConcept, SnomedTerminology } from './terminology';

interface Entry<T> {
  value: T;
  /** The lower-case words of the name, for matching. */
  words: string[];
  name: string;
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9.%/]+/)
    .filter(Boolean);

function index<T>(values: readonly T[], nameOf: (value: T) => string): Entry<T>[] {
  return values.map((value) => ({ value, name: nameOf(value).toLowerCase(), words: wordsOf(nameOf(value)) }));
}

/**
 * Every word of the query must start a word of the name ("metop succ" finds "metoprolol succinate");
 * names that start with the query come first, then shorter names, then the alphabet.
 */
function search<T>(entries: readonly Entry<T>[], text: string, limit: number): T[] {
  const query = wordsOf(text);
  const whole = text.trim().toLowerCase();
  if (query.length === 0) return [];
  return entries
    .filter((entry) => query.every((word) => entry.words.some((w) => w.startsWith(word))))
    .sort((a, b) => Number(b.name.startsWith(whole)) - Number(a.name.startsWith(whole)) || a.name.length - b.name.length || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((entry) => entry.value);
}

interface CatalogueMedication {
  rxcui: string;
  name: string;
  tty: string;
}
interface CatalogueConcept {
  code: string;
  display: string;
  category?: string;
}

/** The bundled RxNorm catalogue (./catalogue/rxnorm-medications.json, README there): no network. */
export function bundledMedications(rows: readonly CatalogueMedication[] = medications): MedicationTerminology {
  const entries = index(rows, (row) => row.name);
  const byId = new Map(rows.map((row) => [row.rxcui, row]));
  const medication = (row: CatalogueMedication): Medication => ({ rxcui: row.rxcui, name: row.name, tty: row.tty });
  return {
    search: async (text, limit) => search(entries, text, limit).map(medication),
    find: async (rxcui) => {
      const row = byId.get(rxcui);
      return row ? medication(row) : undefined;
    },
  };
}

/** The bundled SNOMED CT catalogue: allergy substances by category and reactions (./catalogue). */
export function bundledSnomed(substances: readonly CatalogueConcept[] = allergens, findings: readonly CatalogueConcept[] = reactions): SnomedTerminology {
  const all = [...substances, ...findings.map((row) => ({ ...row, category: 'reaction' }))];
  const byCategory = new Map<SnomedCategory | undefined, Entry<CatalogueConcept>[]>();
  const entriesFor = (category: SnomedCategory | undefined) => {
    let entries = byCategory.get(category);
    if (!entries) byCategory.set(category, (entries = index(category ? all.filter((row) => row.category === category) : all, (row) => row.display)));
    return entries;
  };
  const byCode = new Map(all.map((row) => [row.code, row]));
  const concept = (row: CatalogueConcept): SnomedConcept => ({ code: row.code, display: row.display });
  return {
    search: async (text, category, limit) => search(entriesFor(category), text, limit).map(concept),
    find: async (code) => {
      const row = byCode.get(code);
      return row ? concept(row) : undefined;
    },
  };
}
