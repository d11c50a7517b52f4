import type { ActivityData, ActivityTemplate } from '../../../domain/clinicalActivities';

/** The runs' resource (spec 001 section 7). */
export const INSTANCES = 'clinical-activity-instances';

/** A run as the API answers it (schemas/entities/clinicalActivityInstance.ts), as far as the console reads it. */
export interface InstanceRow {
  id: number;
  patient_id: number;
  tenant_id?: number;
  activity_template_id: number | null;
  title: string;
  status: string;
  data_json?: Partial<ActivityData> | null;
  practitioner_id?: number | null;
  created_at: string;
  completed_at?: string | null;
  reviewed_at?: string | null;
  rejection_reason?: string | null;
  activity_duration?: number | null;
  completion_percent?: number | null;
  patient?: { id?: number; user_full_name?: string } | null;
  provider?: { id?: number; name?: string } | null;
  practitioner?: { id?: number; full_name?: string } | null;
  reviewed_by?: { id?: number; full_name?: string } | null;
  activity_template?: ActivityTemplate | null;
}

/** A run's status in words (spec 002 section 2: the review list's tabs name them so). */
export const STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  pending_review: 'Pending Review',
  complete: 'Completed',
  rejected: 'Rejected',
};

/** Ours: the spec says toasts exist for an approval but gives no words, and none for the rest. */
export const REVIEW_TEXTS = {
  approved: 'Activity approved',
  rejected: 'Activity rejected',
  deleted: 'Activity deleted',
  overrideMinimum: 'Must be 0 or more minutes',
} as const;
