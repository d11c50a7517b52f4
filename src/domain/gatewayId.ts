/**
 * Tenovi gateway ids (spec 000 sections 3 and 5): 12 letters or digits, or three groups of four
 * joined by dashes. Dashes are stripped before saving; the console shows the id in groups of four.
 */
export const GATEWAY_ID_REQUIRED = 'Gateway ID is required';
export const GATEWAY_ID_FORMAT = 'Gateway ID must be 12 characters or 4 characters separated by dashes';

const GATEWAY_ID_PATTERN = /^([A-Za-z0-9]{12}|[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4})$/;

/** The refusal for a typed gateway id, or null when it is valid. */
export function gatewayIdError(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return GATEWAY_ID_REQUIRED;
  return GATEWAY_ID_PATTERN.test(text) ? null : GATEWAY_ID_FORMAT;
}

/** @example normalizeGatewayId('ab12-cd34-ef56') // 'ab12cd34ef56' */
export function normalizeGatewayId(value: string): string {
  return value.trim().replace(/-/g, '');
}

/** @example formatGatewayId('ab12cd34ef56') // 'ab12-cd34-ef56' */
export function formatGatewayId(value: string): string {
  return (value.match(/.{1,4}/g) ?? []).join('-');
}
