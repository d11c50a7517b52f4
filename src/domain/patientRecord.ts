/**
 * The patient record's panel lists (spec 001 sections 3 and 9): tasks and clinical activity
 * instances (voice calls: voiceCalls.ts). Each list of values is written once, here, for the schemas and the seed; the
 * migration's checks say the same.
 */

/** Spec 001 section 3, Enumerations: "Task type: one_off, onboarding, voice_call". */
export const TASK_TYPES = ['one_off', 'onboarding', 'voice_call'] as const;

/** Spec 001 section 3, Clinical activity instance: "status (draft, pending_review, complete, rejected)". */
export const CLINICAL_ACTIVITY_STATUSES = ['draft', 'pending_review', 'complete', 'rejected'] as const;
