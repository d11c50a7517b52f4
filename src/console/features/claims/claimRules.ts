import type { RecordRule } from '../../renderer/core/coreRegistries';

/**
 * Spec 002 section 4, "Claim item: editable only while not submitted", in the words of the API's
 * 409 (resources/definitions/claimItems.ts, SUBMITTED_CLAIM): the Edit button's reason.
 */
export const SUBMITTED_CLAIM_REFUSAL = 'A submitted claim cannot be edited: mark it not submitted first';

/**
 * The claim rules a definition may name (`{"refused": "claim_item.edit"}`): a submitted claim
 * changes only its submitted flag (Mark Not Submitted first). The permission is the definition's
 * own condition (`claim_items.update`).
 */
export const claimRules: Readonly<Record<'claim_item.edit', RecordRule>> = {
  'claim_item.edit': (record) => (record.submitted === true ? SUBMITTED_CLAIM_REFUSAL : null),
};
