import PDFDocument from 'pdfkit';
import { HttpError } from '../../errors';
import { BAD_SIGNATURE } from './signaturePng';

export interface SignedConsent {
  title: string;
  version: string;
  paragraphs: readonly string[];
  patientName: string;
  signerName: string;
  signedFor: 'patient' | 'guardian';
  signerEmail: string;
  signerAddress: string;
  signature: Buffer;
  requestId: number;
  requestedOn: Date;
  signedAt: Date;
  consentSha256: string;
  signatureSha256: string;
}

/** A time as printed: `2026-05-31 14:03:07 UTC`. */
export const printedTime = (at: Date) => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

const MARGIN = 54;

/**
 * The signed consent form (US Letter, standard fonts): the title and version, the consent text, the
 * signature image with the typed name, the time and the signer's IP address; then an audit page
 * with the request, the times and the SHA-256 of the consent text and of the signature image.
 */
export async function signedConsentPdf(content: SignedConsent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `${content.title} (signed)`, Author: 'Care console', Subject: `Consent version ${content.version}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  doc.font('Helvetica-Bold').fontSize(16).fillColor('#0f172a').text(content.title);
  doc.font('Helvetica').fontSize(9).fillColor('#475569').text(`Consent version ${content.version}`);
  doc.text(`Patient: ${content.patientName}`);
  doc.moveDown();
  doc.font('Helvetica').fontSize(10.5).fillColor('#0f172a');
  for (const paragraph of content.paragraphs) doc.text(paragraph, { width, align: 'left' }).moveDown(0.6);

  doc.moveDown();
  if (doc.y > doc.page.height - MARGIN - 170) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(12).text('Signature');
  doc.moveDown(0.3);
  const top = doc.y;
  try {
    doc.image(content.signature, MARGIN, top, { fit: [260, 90] });
  } catch {
    throw new HttpError(422, BAD_SIGNATURE);
  }
  doc
    .moveTo(MARGIN, top + 92)
    .lineTo(MARGIN + 260, top + 92)
    .lineWidth(0.5)
    .strokeColor('#94a3b8')
    .stroke();
  doc.x = MARGIN;
  doc.y = top + 98;
  doc.font('Helvetica').fontSize(10).fillColor('#0f172a');
  doc.text(`Signed by: ${content.signerName}${content.signedFor === 'guardian' ? ' (guardian or authorized representative)' : ''}`);
  doc.text(`Signed on: ${printedTime(content.signedAt)}`);
  doc.text(`Signer IP address: ${content.signerAddress}`);
  doc.text('Signed electronically on the care console signing page.');

  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(16).text('Audit trail');
  doc.moveDown(0.5);
  const line = (label: string, value: string, mono = false) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#0f172a').text(label);
    doc
      .font(mono ? 'Courier' : 'Helvetica')
      .fontSize(mono ? 9 : 10)
      .fillColor('#334155')
      .text(value, { width });
    doc.moveDown(0.4);
  };
  line('Document', `${content.title}, version ${content.version}`);
  line('E-sign request', `#${String(content.requestId)}`);
  line('Requested on', printedTime(content.requestedOn));
  line('Link sent to', content.signerEmail);
  line('Signed on', printedTime(content.signedAt));
  line('Signer name (typed)', content.signerName);
  line('Signer IP address', content.signerAddress);
  line('SHA-256 of the consent text', content.consentSha256, true);
  line('SHA-256 of the signature image', content.signatureSha256, true);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
