import { sql } from 'kysely';
import { patientGroupSchema } from '../../../../schemas/entities/patientGroup';
import { conflict } from '../../errors';
import { mayHoldTenant } from '../access';
import { defineResource, type Values, type WriteContext } from '../defineResource';

/**
 * Patient groups (spec 001 section 2, Patient Groups): sorted by name, searched by name, with the
 * number of patients they hold. Members are added and removed by routes/patientGroups/; a group
 * never moves to another provider (there is no set_owner key), since its patients could not follow.
 */
export const patientGroups = defineResource({
  name: 'patient-groups',
  table: 'patient_groups',
  schema: patientGroupSchema,
  permission: 'patient_groups',
  actions: ['list', 'read', 'create', 'update', 'delete'],
  tenantField: 'tenant_id',
  filterable: ['id', 'tenant_id', 'name', 'created_at'],
  sortable: ['id', 'name', 'created_at'],
  search: ['name', 'id'],
  defaultSort: { field: 'name', order: 'asc' },
  computed: {
    count_patients: sql<number>`(select count(*)::int from patient_group_members m where m.group_id = t.id)`,
  },
  prepare: uniqueName,
});

/**
 * Names are unique per provider, whatever their case (the index says so too): refused with the
 * engine's duplicate text, which the console reads as 'Patient group already exists.'. A tenant
 * the caller may not write to is left to the engine's refusal, so this check reveals nothing of it.
 */
async function uniqueName({ trx, values, existing, access }: WriteContext): Promise<Values> {
  if (typeof values.name !== 'string') return values;
  const name = values.name.trim();
  const tenantId = (values.tenant_id ?? existing?.tenant_id) as number | null | undefined;
  if (typeof tenantId !== 'number' || !mayHoldTenant(access, tenantId)) return { ...values, name };
  const same = await trx
    .selectFrom('patient_groups')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .where('id', '<>', (existing?.id as number | undefined) ?? 0)
    .executeTakeFirst();
  if (same) throw conflict('Key (name) already exists.');
  return { ...values, name };
}
