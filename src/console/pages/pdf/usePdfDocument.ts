import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';

export type PdfDocumentState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; document: PDFDocumentProxy };

/**
 * The PDF at `url`, opened with PDF.js (loaded with this page only: its ~400 KB are not in the
 * console's bundle), its worker served from the console's own files.
 */
export function usePdfDocument(url: string | undefined): PdfDocumentState {
  const [state, setState] = useState<PdfDocumentState>({ status: 'loading' });
  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    let destroy: (() => Promise<void>) | undefined;
    setState({ status: 'loading' });
    void (async () => {
      try {
        const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        const task = pdfjs.getDocument({ url, isEvalSupported: false });
        destroy = () => task.destroy();
        const document = await task.promise;
        if (!cancelled) setState({ status: 'ready', document });
      } catch {
        if (!cancelled) setState({ status: 'failed' });
      }
    })();
    return () => {
      cancelled = true;
      void destroy?.();
    };
  }, [url]);
  return state;
}
