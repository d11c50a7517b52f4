import { formatGatewayId, normalizeGatewayId } from '../../../domain/gatewayId';
import { EMPTY_TEXT, plainText } from '../../renderer/core/format';

/** Spec 000 sections 2.5 and 9: the signal scale, and the text when the device reports none. */
const SIGNAL_LABELS = ['No signal', 'Poor', 'Fair', 'Good', 'Excellent'] as const;
const SIGNAL_NOT_REPORTED = 'Not Reported';

/** An IMEI as stored, or in groups of 4 with dashes (Tenovi gateways): 'A1B2C3D4E5F6' -> 'A1B2-C3D4-E5F6'. */
export function formatImei(value: unknown, grouped: boolean): string {
  if (value === null || value === undefined || value === '') return EMPTY_TEXT;
  const text = plainText(value);
  return grouped ? formatGatewayId(normalizeGatewayId(text)) : text;
}

/** 0 'No signal' ... 4 'Excellent'; anything else 'Not Reported'. */
export function signalLabel(value: unknown): string {
  const level = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof level === 'number' && Number.isInteger(level) ? (SIGNAL_LABELS[level] ?? SIGNAL_NOT_REPORTED) : SIGNAL_NOT_REPORTED;
}
