import { providerSchema } from '../../../../schemas/entities/provider';
import { defineResource } from '../defineResource';

/** `tenants.*` guards providers; a provider's id is its tenant. Offboarding (delete) is its own workflow, not served here. */
export const providers = defineResource({
  name: 'providers',
  table: 'tenants',
  schema: providerSchema,
  permission: 'tenants',
  actions: ['list', 'read', 'create', 'update'],
  tenantField: 'id',
  filterable: ['id', 'name', 'is_active', 'registered_on', 'billing_scheme', 'email', 'timezone'],
  sortable: ['id', 'name', 'registered_on', 'is_active'],
  search: ['name', 'id'],
  defaultSort: { field: 'registered_on', order: 'desc' },
  prepare: ({ values, existing }) => (existing ? values : { ...values, slug: slugOf(String(values.name)) }),
});

/** The internal, unique handle of a new provider, from its name: "Northwind Clinic" -> "northwind-clinic". */
function slugOf(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'provider'
  );
}
