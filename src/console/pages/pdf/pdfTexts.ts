/** The PDF viewer's texts (spec 002 sections 2 and 8). */
export const NO_PDF_URL = 'No PDF URL provided';
export const PDF_LOAD_FAILED = 'Failed to load PDF. The file might be missing or inaccessible.';

/** What a page hands to /pdf through the navigation state (spec 002: "a url and an optional title"). */
export interface PdfState {
  url: string;
  title?: string;
}

/** The viewer's state from history.state, when it holds a url. */
export function pdfStateOf(state: unknown): PdfState | undefined {
  if (!state || typeof state !== 'object') return undefined;
  const { url, title } = state as { url?: unknown; title?: unknown };
  if (typeof url !== 'string' || url === '') return undefined;
  return { url, ...(typeof title === 'string' && title !== '' ? { title } : {}) };
}
