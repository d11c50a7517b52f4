import { HttpError } from '../../errors';

/** The largest signature image taken, decoded (a canvas signature is a few KB to a few tens of KB). */
export const SIGNATURE_MAX_BYTES = 150 * 1024;
/** Its largest width and height, in pixels. */
export const SIGNATURE_MAX_SIDE = 4000;
export const BAD_SIGNATURE = 'The signature must be a PNG image drawn on the signing page.';

const PREFIX = 'data:image/png;base64,';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The signature's PNG bytes from the canvas's data URL, or 422: the data URL of a PNG (by its magic
 * bytes and its IHDR chunk, not its prefix), at most SIGNATURE_MAX_BYTES, sides 1..SIGNATURE_MAX_SIDE.
 * pdfkit decodes it again when it draws it (a malformed image is 422 there too).
 */
export function signatureBytes(dataUrl: string): Buffer {
  if (!dataUrl.startsWith(PREFIX)) throw new HttpError(422, BAD_SIGNATURE);
  const base64 = dataUrl.slice(PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new HttpError(422, BAD_SIGNATURE);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > SIGNATURE_MAX_BYTES || bytes.length < 33) throw new HttpError(422, BAD_SIGNATURE);
  if (!bytes.subarray(0, 8).equals(PNG_MAGIC) || bytes.toString('latin1', 12, 16) !== 'IHDR') throw new HttpError(422, BAD_SIGNATURE);
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 1 || height < 1 || width > SIGNATURE_MAX_SIDE || height > SIGNATURE_MAX_SIDE) throw new HttpError(422, BAD_SIGNATURE);
  return bytes;
}
