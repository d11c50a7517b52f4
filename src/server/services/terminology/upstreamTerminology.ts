import { HttpError } from '../../errors';
import type { Medication, MedicationTerminology, SnomedCategory, SnomedConcept, SnomedTerminology } from './terminology';

const TIMEOUT_MS = 10_000;

async function getJson(fetchImpl: typeof fetch, url: URL, headers: Record<string, string> = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new HttpError(502, 'The terminology server could not be reached');
  }
  if (response.status === 404) return undefined;
  if (!response.ok) throw new HttpError(502, `The terminology server answered ${String(response.status)}`);
  return response.json().catch(() => {
    throw new HttpError(502, 'The terminology server gave no JSON');
  });
}

/** `base` + `path`, keeping the base's own path (https://rxnav.nlm.nih.gov/REST + /drugs.json). */
const at = (base: string, path: string) => new URL(base.replace(/\/$/, '') + path);

interface RxProperties {
  properties?: { rxcui?: string; name?: string; tty?: string };
}
interface RxCandidate {
  rxcui?: string;
  name?: string;
  tty?: string;
}

/**
 * RxNorm from an RxNav-compatible server (RXNAV_URL: https://rxnav.nlm.nih.gov/REST, or RxNav-in-a-Box).
 * Search is `approximateTerm.json?term=...&option=1` (RxNorm concepts only, tolerant of partial words);
 * a candidate that comes without its name is named by `rxcui/{rxcui}/properties.json`, as is a read.
 */
export function rxnavMedications(baseUrl: string, fetchImpl: typeof fetch = fetch): MedicationTerminology {
  const find = async (rxcui: string): Promise<Medication | undefined> => {
    const body = (await getJson(fetchImpl, at(baseUrl, `/rxcui/${encodeURIComponent(rxcui)}/properties.json`))) as RxProperties | undefined;
    const p = body?.properties;
    return p?.rxcui && p.name ? { rxcui: p.rxcui, name: p.name, tty: p.tty ?? null } : undefined;
  };
  return {
    find,
    async search(text, limit) {
      const url = at(baseUrl, '/approximateTerm.json');
      url.searchParams.set('term', text);
      url.searchParams.set('maxEntries', String(limit * 2));
      url.searchParams.set('option', '1');
      const body = (await getJson(fetchImpl, url)) as { approximateGroup?: { candidate?: RxCandidate[] } } | undefined;
      const seen = new Set<string>();
      const found: Medication[] = [];
      for (const candidate of body?.approximateGroup?.candidate ?? []) {
        if (!candidate.rxcui || seen.has(candidate.rxcui) || found.length >= limit) continue;
        seen.add(candidate.rxcui);
        const medication = candidate.name ? { rxcui: candidate.rxcui, name: candidate.name, tty: candidate.tty ?? null } : await find(candidate.rxcui);
        if (medication) found.push(medication);
      }
      return found;
    },
  };
}

/**
 * The ECL a category searches in: substances that are drugs, edible substances, any substance; and
 * clinical findings for reactions.
 */
const ECL: Record<SnomedCategory, string> = {
  medication: '<< 410942007 |Drug or medicament|',
  food: '<< 762766007 |Edible substance|',
  environment: '<< 105590001 |Substance|',
  biologic: '<< 105590001 |Substance|',
  reaction: '<< 404684003 |Clinical finding|',
};

interface SnowstormConcept {
  conceptId?: string;
  active?: boolean;
  pt?: { term?: string };
  fsn?: { term?: string };
}

/**
 * SNOMED CT from a Snowstorm server (SNOWSTORM_URL, SNOWSTORM_BRANCH default MAIN): `GET
 * {branch}/concepts?term=&ecl=&activeFilter=true&limit=` for a search, `{branch}/concepts/{id}` for a read.
 */
export function snowstormSnomed(baseUrl: string, branch = 'MAIN', fetchImpl: typeof fetch = fetch): SnomedTerminology {
  const language = { 'accept-language': 'en-X-900000000000509007,en-X-900000000000508004,en' };
  const concept = (item: SnowstormConcept): SnomedConcept | undefined => {
    const display = item.pt?.term ?? item.fsn?.term;
    return item.conceptId && display ? { code: item.conceptId, display } : undefined;
  };
  return {
    async search(text, category, limit) {
      const url = at(baseUrl, `/${branch}/concepts`);
      url.searchParams.set('term', text);
      url.searchParams.set('activeFilter', 'true');
      url.searchParams.set('limit', String(limit));
      url.searchParams.set('ecl', category ? ECL[category] : '<< 105590001 |Substance| OR << 404684003 |Clinical finding|');
      const body = (await getJson(fetchImpl, url, language)) as { items?: SnowstormConcept[] } | undefined;
      return (body?.items ?? []).map(concept).filter((c): c is SnomedConcept => c !== undefined);
    },
    async find(code) {
      const body = (await getJson(fetchImpl, at(baseUrl, `/${branch}/concepts/${encodeURIComponent(code)}`), language)) as SnowstormConcept | undefined;
      return body && body.active !== false ? concept(body) : undefined;
    },
  };
}
