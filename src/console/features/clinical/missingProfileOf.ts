import type { MissingProfileItem } from '../../../domain/clinical/missingProfile';

/** `profile.missing_profile` of a patient record, the items well formed; [] when absent. */
export function missingProfileOf(record: unknown): MissingProfileItem[] {
  const profile = typeof record === 'object' && record !== null ? (record as { profile?: unknown }).profile : undefined;
  const items = typeof profile === 'object' && profile !== null ? (profile as { missing_profile?: unknown }).missing_profile : undefined;
  if (!Array.isArray(items)) return [];
  return items.filter(
    (item): item is MissingProfileItem =>
      typeof item === 'object' && item !== null && typeof (item as MissingProfileItem).text === 'string' && Array.isArray((item as MissingProfileItem).loc),
  );
}
