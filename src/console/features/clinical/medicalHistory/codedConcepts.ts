import { CODED_SEARCH_MIN, RXNORM_SYSTEM, SEARCH_TOO_SHORT } from '../../../../domain/clinical/medicalHistory';

/**
 * The coded fields of the medical history (spec 001 sections 3 and 5): a medication is an RxNorm
 * concept found by GET medications/search, a substance or a reaction a SNOMED CT concept found by
 * GET snowstorm/search; both from 3 characters ('Type at least 3 characters to search').
 */

/** One option of a coded search, whatever the code system. */
export interface CodedOption {
  code: string;
  display: string;
}

export type CodedSource = 'medications' | 'snomed';

/** The API path of a search (the data provider adds /api). */
export function codedSearchPath(source: CodedSource, text: string, category?: string): string {
  const params = new URLSearchParams(source === 'medications' ? { q: text } : { query: text, ...(category ? { category } : {}) });
  return `/${source === 'medications' ? 'medications/search' : 'snowstorm/search'}?${params.toString()}`;
}

/** The options of a search's answer ([{rxcui, name}] or [{code, display}]). */
export function codedOptions(source: CodedSource, answer: unknown): CodedOption[] {
  if (!Array.isArray(answer)) return [];
  return answer.flatMap((row: Record<string, unknown>) => {
    const code = source === 'medications' ? row.rxcui : row.code;
    const display = source === 'medications' ? row.name : row.display;
    return typeof code === 'string' && typeof display === 'string' ? [{ code, display }] : [];
  });
}

/** A medication as the record keeps it (spec 001 section 3: name and codes with code, codeSystem, codeSystemName). */
export function medicationOf(option: CodedOption) {
  return { name: option.display, codes: [{ code: option.code, ...RXNORM_SYSTEM }] };
}

/** The option a stored medication is ({name, codes}), or none. */
export function optionOfMedication(value: unknown): CodedOption | null {
  if (!value || typeof value !== 'object') return null;
  const { name, codes } = value as { name?: unknown; codes?: { code?: unknown }[] };
  if (typeof name !== 'string') return null;
  const code = Array.isArray(codes) && typeof codes[0]?.code === 'string' ? codes[0].code : '';
  return { code, display: name };
}

/** The option a stored SNOMED concept is ({code, display}), or none. */
export function optionOfConcept(value: unknown): CodedOption | null {
  if (!value || typeof value !== 'object') return null;
  const { code, display } = value as { code?: unknown; display?: unknown };
  return typeof code === 'string' && typeof display === 'string' ? { code, display } : null;
}

/** The hint under a coded search box. */
export function codedHint({
  typed,
  settled,
  count,
  failure,
  full,
}: {
  typed: string;
  settled: boolean;
  count: number;
  failure?: string | undefined;
  full?: string | undefined;
}) {
  if (full) return full;
  if (failure) return `The search failed: ${failure}`;
  const text = typed.trim();
  if (text !== '' && text.length < CODED_SEARCH_MIN) return SEARCH_TOO_SHORT;
  if (text !== '' && settled && count === 0) return 'No results found.';
  return undefined;
}
