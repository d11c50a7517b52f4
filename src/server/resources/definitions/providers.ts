import { providerSchema } from '../../../../schemas/entities/provider';
import { invalid } from '../../errors';
import { defineResource, type Trx, type Values } from '../defineResource';
import type { ReferenceTarget } from '../references';

/** The provider's own users: a default clinician is one of its clinicians. */
const OWN_USER: ReferenceTarget = { table: 'users', tenantColumn: 'tenant_id' };
/** The operator's staff (no provider) look after a provider: success managers, sales managers. */
const INTERNAL_USER: ReferenceTarget = { table: 'users', tenantColumn: 'tenant_id', operatorRows: true };

const CLINICIAN_FIELDS = ['default_rpm_clinician_id', 'default_rtm_clinician_id', 'default_ccm_clinician_id', 'default_pcm_clinician_id'] as const;
const INTERNAL_FIELDS = ['default_provider_success_id', 'provider_success_id', 'sales_manager_id'] as const;

/**
 * `tenants.*` guards providers; a provider's id is its tenant. Offboarding is its own workflow
 * (routes/providerBilling), after which the provider is no longer served here (`offboarded_at`).
 * Billing fields are written with the provider (tenants.update); the pricing, invoices and
 * subscription calls are bespoke (routes/providerBilling/README.md).
 */
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
  rowFilter: [{ field: 'offboarded_at', op: 'eq', value: null }],
  references: {
    ...Object.fromEntries(CLINICIAN_FIELDS.map((f) => [f, OWN_USER])),
    ...Object.fromEntries(INTERNAL_FIELDS.map((f) => [f, INTERNAL_USER])),
  },
  prepare: async ({ trx, values, existing }) => {
    await checkPeople(trx, values);
    // settings is a bag of the provider's preferences: a write of some keys (the form sends monitoring_limits) keeps the others.
    const kept = existing && isObject(existing.settings) && isObject(values.settings) ? { ...existing.settings, ...values.settings } : values.settings;
    const settings = kept === undefined ? values : { ...values, settings: withNullLimits(kept) };
    return existing ? settings : { ...settings, slug: slugOf(String(values.name)) };
  },
});

/**
 * A default clinician must be a clinician (is_provider) of the provider, active and no patient; the
 * success and sales managers internal users (spec 002 section 2, "default clinicians, internal
 * management assignments"). The references have already made sure the rows are visible and the
 * provider's own (or the operator's).
 */
async function checkPeople(trx: Trx, values: Values): Promise<void> {
  const named = [...CLINICIAN_FIELDS, ...INTERNAL_FIELDS].filter((f) => typeof values[f] === 'number');
  if (named.length === 0) return;
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'is_provider', 'is_internal', 'is_active', 'role'])
    .where(
      'id',
      'in',
      named.map((f) => values[f] as number),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const field of named) {
    const user = byId.get(values[field]);
    const clinician = (CLINICIAN_FIELDS as readonly string[]).includes(field);
    if (clinician && !(user?.is_provider && user.is_active && user.role !== 'patient' && !user.is_internal))
      throw invalid(['body', field], 'Must be an active clinician of the provider');
    if (!clinician && !(user?.is_internal && user.is_active)) throw invalid(['body', field], 'Must be an active internal user');
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** settings.monitoring_limits with empty strings as null (spec 002 section 3: "empty strings become null on save"). */
function withNullLimits(settings: unknown): unknown {
  if (typeof settings !== 'object' || settings === null) return settings;
  const limits = (settings as { monitoring_limits?: unknown }).monitoring_limits;
  if (limits === undefined) return settings;
  const blankToNull = (value: unknown): unknown =>
    typeof value === 'string' && value.trim() === ''
      ? null
      : Array.isArray(value)
        ? value.map(blankToNull)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, blankToNull(v)]))
          : value;
  return { ...settings, monitoring_limits: blankToNull(limits) };
}

/** The internal, unique handle of a new provider, from its name: "Northwind Clinic" -> "northwind-clinic". */
function slugOf(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'provider'
  );
}
