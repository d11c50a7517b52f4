import type { Kysely } from 'kysely';
import { serviceInstanceSchema } from '../../../../schemas/entities/serviceInstance';
import type { DB } from '../../db/schema';
import { invalid } from '../../errors';
import { refreshPatientMonthsSince } from '../../services/billing/monthLedger';
import { activateIfReady } from '../../services/patientStatus/activation';
import { defineResource, type Values, type WriteContext, type WrittenContext } from '../defineResource';
import { visibleReference, type ReferenceTarget } from '../references';

const REFERENCES = {
  patient_id: { table: 'patients', tenantColumn: 'tenant_id' },
  // The billing provider (spec 001 section 5, "Care program").
  practitioner_id: { table: 'users', tenantColumn: 'tenant_id' },
} as const satisfies Record<string, ReferenceTarget>;

/**
 * Care programs, also under /patients/{patient_id}/service-instances. A program belongs to its
 * patient's provider whatever the body says, and a consented patient whose programs now complete
 * what activation needs becomes active in the same transaction (spec 001 section 4).
 */
export const serviceInstances = defineResource({
  name: 'service-instances',
  table: 'service_instances',
  schema: serviceInstanceSchema,
  permission: 'service_instances',
  actions: ['list', 'read', 'create', 'update', 'delete'],
  tenantField: 'tenant_id',
  filterable: ['id', 'patient_id', 'tenant_id', 'type', 'start', 'end', 'is_active', 'practitioner_id', 'is_labor_provided'],
  sortable: ['id', 'start', 'end', 'type', 'is_active', 'created_at'],
  search: ['type', 'id'],
  defaultSort: { field: 'start', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
  nestedWrites: true,
  references: REFERENCES,
  prepare: carePrograms,
  afterWrite: refreshLedger,
});

const dayOf = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

/**
 * The months of services the program's change touches, recomputed in its transaction: from the
 * earlier of its start before and after, to now (monthLedger.ts, refreshPatientMonthsSince).
 */
async function refreshLedger({ trx, before, after }: WrittenContext) {
  const program = after ?? before;
  if (!program) return;
  const starts = [before?.start, after?.start].filter((start) => start !== undefined && start !== null).map(dayOf);
  await refreshPatientMonthsSince(trx, program.patient_id as number, starts.sort()[0] ?? dayOf(new Date()));
}

/** Spec 001 section 5, "Care program". */
export const BILLING_PROVIDER_REFUSAL = 'The billing provider must be a provider user with an NPI number';
export const END_DATE_REQUIRED = 'An inactive care program needs an end date';

async function carePrograms({ trx, identity, access, values, existing }: WriteContext): Promise<Values> {
  const merged = { ...existing, ...values };
  if (existing && 'patient_id' in values && values.patient_id !== existing.patient_id) {
    throw invalid(['body', 'patient_id'], 'A care program cannot move to another patient');
  }
  if ('is_labor_provided' in values && values.is_labor_provided !== (existing?.is_labor_provided ?? false) && !identity.is_internal) {
    throw invalid(['body', 'is_labor_provided'], 'Only internal users can change whether labor is provided');
  }
  if (merged.is_active === false && !merged.end) throw invalid(['body', 'end'], END_DATE_REQUIRED);
  if (typeof merged.end === 'string' && typeof merged.start === 'string' && merged.end < merged.start) {
    throw invalid(['body', 'end'], 'The end date cannot be before the start date');
  }
  // Only a patient and a user the caller sees get this far (the engine resolved them first): what
  // makes a user no billing provider is said only of the caller's own provider's users.
  const patient = await visibleReference(trx, access, REFERENCES.patient_id, merged.patient_id, ['body', 'patient_id']);
  if ('practitioner_id' in values && values.practitioner_id !== null) {
    const columns = ['role', 'is_provider', 'npi_number'];
    const provider = await visibleReference(trx, access, REFERENCES.practitioner_id, values.practitioner_id, ['body', 'practitioner_id'], columns);
    if (provider.role === 'patient' || !provider.is_provider || !provider.npi_number) throw invalid(['body', 'practitioner_id'], BILLING_PROVIDER_REFUSAL);
  }
  const wasActive = existing?.is_active === true;
  const isActive = merged.is_active !== false;
  // The program is written after this returns: activation counts it already.
  await activateIfReady(trx as Kysely<DB>, merged.patient_id as number, identity, { activeCareProgramsDelta: Number(isActive) - Number(wasActive) });
  return { ...values, tenant_id: patient.tenant };
}
