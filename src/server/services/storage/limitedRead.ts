import { HttpError } from '../../errors';

/**
 * The bytes of a stream of at most `maxBytes` (issue 16: "size limits enforced while streaming, not
 * after"): past the limit nothing more is kept (the multipart parser, limited to maxBytes + 1, stops
 * handing bytes over and discards the rest of the request as it arrives), and the upload is refused
 * 413 once the request has been read, so that the client gets the answer rather than a reset.
 */
export async function readLimited(stream: AsyncIterable<Buffer>, maxBytes: number, tooLarge: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
  }
  if (size > maxBytes) throw new HttpError(413, tooLarge);
  return Buffer.concat(chunks, size);
}
