/**
 * The table and page foot of the printed exports (claims, enrollment), drawn alike with pdfkit's
 * standard fonts: the table spans the page between its margins, its columns share the width in
 * proportion, a row is as tall as its tallest cell, the header comes again at the top of every new
 * page, every second row is shaded and a rule runs under each. The foot is drawn once the pages are
 * all there (the document made with bufferPages), so it can say "Page n of m".
 */

/** A column of the table: its header and its part of the width, against the other columns'. */
interface TableColumn {
  label: string;
  share: number;
}

interface Table {
  columns: readonly TableColumn[];
  /** The cells of each row, in the columns' order, already worded for print. */
  rows: readonly (readonly string[])[];
  /** Said under the header when there are no rows. */
  emptyText: string;
}

const FONT_SIZE = 8;
const PADDING = 3;
/** Kept free above the bottom margin, so that no row runs into the foot. */
const FOOT_ROOM = 14;

/** Draws the table at the document's position, starting a page (and its header) where a row will not fit. */
export function drawTable(doc: PDFKit.PDFDocument, table: Table): void {
  const { left, right } = doc.page.margins;
  const width = doc.page.width - left - right;
  const total = table.columns.reduce((sum, c) => sum + c.share, 0);
  const widths = table.columns.map((c) => (c.share / total) * width);
  const bottom = () => doc.page.height - doc.page.margins.bottom - FOOT_ROOM;

  const rowHeight = (cells: readonly string[], font: string) => {
    doc.font(font).fontSize(FONT_SIZE);
    return Math.max(...cells.map((text, i) => doc.heightOfString(text || ' ', { width: (widths[i] ?? 0) - 2 * PADDING }))) + 2 * PADDING;
  };
  const drawRow = (cells: readonly string[], font: string, shade: string | null) => {
    const height = rowHeight(cells, font);
    const top = doc.y;
    if (shade) doc.rect(left, top, width, height).fill(shade);
    doc.fillColor('#0f172a').font(font).fontSize(FONT_SIZE);
    let x = left;
    cells.forEach((text, i) => {
      const w = widths[i] ?? 0;
      doc.text(text, x + PADDING, top + PADDING, { width: w - 2 * PADDING });
      x += w;
    });
    doc
      .moveTo(left, top + height)
      .lineTo(left + width, top + height)
      .lineWidth(0.5)
      .strokeColor('#cbd5e1')
      .stroke();
    doc.x = left;
    doc.y = top + height;
  };
  const header = table.columns.map((c) => c.label);
  drawRow(header, 'Helvetica-Bold', '#e2e8f0');
  if (table.rows.length === 0)
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(table.emptyText, left, doc.y + 6);
  table.rows.forEach((cells, index) => {
    if (doc.y + rowHeight(cells, 'Helvetica') > bottom()) {
      doc.addPage();
      drawRow(header, 'Helvetica-Bold', '#e2e8f0');
    }
    drawRow(cells, 'Helvetica', index % 2 === 1 ? '#f8fafc' : null);
  });
}

/**
 * Writes the foot of every buffered page: `left` (when given) on the left and "Page n of m" on the
 * right, on one line in the bottom margin. Call it last, once every page exists.
 */
export function drawPageFooters(doc: PDFKit.PDFDocument, left?: string): void {
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const { margins } = doc.page;
    const width = doc.page.width - margins.left - margins.right;
    const y = doc.page.height - margins.bottom - 8;
    // The foot sits in the bottom margin; without this pdfkit would start a page for it.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7).fillColor('#64748b');
    if (left !== undefined) doc.text(left, margins.left, y, { width, align: 'left', lineBreak: false });
    doc.text(`Page ${i + 1} of ${pages.count}`, margins.left, y, { width, align: 'right', lineBreak: false });
  }
}
