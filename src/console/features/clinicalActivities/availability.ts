import type { ActivityAvailability } from '../../../domain/clinicalActivities';

/**
 * The Activity tab's order (spec 001 section 2; ours where it is silent): the recommended activities
 * first, by priority (highest first), then the rest in the server's order (by title).
 */
export function availableInOrder(entries: readonly ActivityAvailability[]): ActivityAvailability[] {
  const recommended = entries.filter((entry) => entry.is_recommended).sort((a, b) => b.priority_score - a.priority_score);
  return [...recommended, ...entries.filter((entry) => !entry.is_recommended)];
}

/**
 * Whether a run may start or resume, and why not: a disabled activity never (its reason); one the
 * frequency limit refuses only when a run of it is already pending, which may be resumed.
 */
export function startable(entry: ActivityAvailability): { allowed: boolean; reason: string | null } {
  if (entry.disabled) return { allowed: false, reason: entry.reason ?? 'Not available' };
  if (!entry.is_eligible && entry.pending_clinical_activity_instance_id === null) return { allowed: false, reason: entry.reason ?? 'Not available now' };
  return { allowed: true, reason: null };
}
