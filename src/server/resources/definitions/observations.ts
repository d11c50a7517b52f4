import { sql } from 'kysely';
import { observationSchema } from '../../../../schemas/entities/observation';
import { defineResource } from '../defineResource';

/**
 * A patient's readings and self-reported symptoms, read only (spec 001 section 7: GET
 * patients/{id}/observations-v2, 10 per page, newest first). They are the clinical record: read with
 * `patients.queue`, the clinical route's permission (routes/clinicalRecord/README.md), and audited
 * for their patient.
 */
export const observations = defineResource({
  name: 'observations-v2',
  table: 'observations',
  schema: observationSchema,
  permission: 'patients',
  actions: ['list', 'read'],
  keys: { list: 'patients.queue', read: 'patients.queue' },
  tenantField: 'tenant_id',
  filterable: ['id', 'patient_id', 'tenant_id', 'name', 'category', 'source', 'timestamp'],
  sortable: ['id', 'timestamp', 'name'],
  search: ['name', 'id'],
  defaultSort: { field: 'timestamp', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
  computed: { unit: sql`jsonb_build_object('text', t.unit_text)` },
});
