/**
 * The otpauth:// URI of POST auth/generate-2fa as an SVG QR code, drawn here (the `qrcode`
 * package, no network). Loaded when a setup starts, so the console's other pages do not carry it.
 */
export async function qrCodeSvg(uri: string): Promise<string> {
  const { toString } = await import('qrcode');
  return toString(uri, { type: 'svg', margin: 1, width: 200, errorCorrectionLevel: 'M' });
}

/** The SVG as an image address (an <img> shows it without inserting markup into the page). */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
