/**
 * Whether bytes are really a PDF (issue 16: "magic bytes and a parse, not the file name"): they start
 * with `%PDF-` and PDF.js opens them and finds at least one page. PDF.js runs without a worker here
 * (its legacy build, the Node one), only on an upload.
 */
export async function isPdf(bytes: Buffer): Promise<boolean> {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return false;
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0, stopAtErrors: true });
  try {
    const document = await task.promise;
    return document.numPages > 0;
  } catch {
    return false;
  } finally {
    await task.destroy();
  }
}
