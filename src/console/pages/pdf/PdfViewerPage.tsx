import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { usePageHeader } from '../../shell/pageHeader';
import { Button } from '../../ui/Button';
import { NO_PDF_URL, PDF_LOAD_FAILED, pdfStateOf } from './pdfTexts';
import { usePdfDocument } from './usePdfDocument';

/**
 * /pdf, the PDF viewer (spec 002 section 2: "It receives a url and an optional title through
 * navigation state. It has page back and next and a download."): the consent form opens here from its
 * signed link. One page at a time on a canvas, as wide as the window allows, with its text as the
 * canvas's accessible description so that a screen reader (and a test) can read it.
 */
export default function PdfViewerPage() {
  const state = pdfStateOf(window.history.state);
  const pdf = usePdfDocument(state?.url);
  const [page, setPage] = useState(1);
  const title = state?.title ?? 'Document';
  // The shell's heading and breadcrumbs say which document this is.
  usePageHeader(title);
  if (!state) return <Message text={NO_PDF_URL} />;
  return (
    <section aria-label={title} className="space-y-4">
      <div className="flex flex-wrap items-center justify-end gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Button onClick={() => window.history.back()}>Back</Button>
          <a
            href={state.url}
            download
            className="inline-flex items-center rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            Download
          </a>
        </div>
      </div>
      {pdf.status === 'loading' && <Message text="Loading the document…" />}
      {pdf.status === 'failed' && <Message text={PDF_LOAD_FAILED} alert />}
      {pdf.status === 'ready' && (
        <>
          <nav aria-label="Pages" className="flex items-center gap-3">
            <Button disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
              Previous page
            </Button>
            <span aria-live="polite" className="text-sm text-slate-700">
              Page {page} of {pdf.document.numPages}
            </span>
            <Button disabled={page >= pdf.document.numPages} onClick={() => setPage((p) => Math.min(pdf.document.numPages, p + 1))}>
              Next page
            </Button>
          </nav>
          <PdfPage document={pdf.document} page={Math.min(page, pdf.document.numPages)} />
        </>
      )}
    </section>
  );
}

function Message({ text, alert = false }: { text: string; alert?: boolean }) {
  return (
    <p role={alert ? 'alert' : 'status'} className="rounded-md border border-slate-200 bg-white px-4 py-6 text-center text-sm text-slate-700">
      {text}
    </p>
  );
}

/** One page drawn on a canvas at the container's width (and the device's pixel ratio), its text as the description. */
function PdfPage({ document, page }: { document: PDFDocumentProxy; page: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    let task: RenderTask | undefined;
    let cancelled = false;
    void (async () => {
      const pdfPage = await document.getPage(page);
      const width = frame.current?.clientWidth ?? 800;
      const base = pdfPage.getViewport({ scale: 1 });
      const viewport = pdfPage.getViewport({ scale: Math.min(2, width / base.width) });
      const ratio = window.devicePixelRatio || 1;
      const target = canvas.current;
      if (!target || cancelled) return;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${Math.floor(viewport.width)}px`;
      target.style.height = `${Math.floor(viewport.height)}px`;
      task = pdfPage.render({ canvas: target, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      await task.promise.catch(() => undefined);
      const content = await pdfPage.getTextContent();
      if (!cancelled) setText(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [document, page]);
  return (
    // Scrolls by itself when the page is wider than the window: focusable, so that the keyboard scrolls it too.
    <div
      ref={frame}
      tabIndex={0}
      role="region"
      aria-label="Document page"
      className="overflow-auto rounded-md border border-slate-200 bg-slate-100 p-2 focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      <canvas ref={canvas} role="img" aria-label={`Page ${page}`} aria-description={text} className="mx-auto bg-white shadow" />
      <p className="sr-only" data-testid="pdf-page-text">
        {text}
      </p>
    </div>
  );
}
