/**
 * Assign to Provider (spec 001 sections 2 and 7: "Bulk update users by ids with tenant_id"): what
 * keeps a patient at its provider. A device and an active care program are the old provider's
 * (its hardware, its billing), so they end there first; the move itself is all or nothing.
 */

/** What the rule reads of one patient about to move. */
interface ProviderMoveFacts {
  full_name: string;
  /** Devices whose patient_id is the patient. */
  assigned_devices: number;
  /** Active care programs (service instances) of the patient's current provider. */
  active_care_programs: number;
}

/**
 * Why the patient may not move to another provider now, or null when it may.
 * @example providerMoveRefusal({full_name: 'Ada Byron', assigned_devices: 1, active_care_programs: 0})
 * // 'Ada Byron has devices assigned: unassign the devices before assigning the patient to another provider.'
 */
export function providerMoveRefusal(facts: ProviderMoveFacts): string | null {
  const holds = [...(facts.assigned_devices > 0 ? ['devices assigned'] : []), ...(facts.active_care_programs > 0 ? ['active care programs'] : [])];
  if (holds.length === 0) return null;
  const what = holds.join(' and ');
  const undo = [...(facts.assigned_devices > 0 ? ['unassign the devices'] : []), ...(facts.active_care_programs > 0 ? ['end the care programs'] : [])].join(
    ' and ',
  );
  return `${facts.full_name} has ${what}: ${undo} before assigning the patient to another provider.`;
}
