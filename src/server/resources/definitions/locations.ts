import { usAddressSchema } from '../../../../schemas/entities/address';
import { locationSchema } from '../../../../schemas/entities/location';
import { invalid } from '../../errors';
import { defineResource, type Values, type WriteContext } from '../defineResource';

export const locations = defineResource({
  name: 'locations',
  table: 'locations',
  schema: locationSchema,
  permission: 'locations',
  actions: ['list', 'read', 'create', 'update', 'delete'],
  tenantField: 'tenant_id',
  filterable: ['id', 'tenant_id', 'name', 'is_active', 'created_at'],
  sortable: ['id', 'name', 'is_active', 'created_at'],
  search: ['name', 'id'],
  defaultSort: { field: 'name', order: 'asc' },
  prepare: locationRules,
});

/** Texts that must hold more than blanks (spec 002 section 5: name, street, city). */
const REQUIRED_TEXT = [['name'], ['address', 'address_line1'], ['address', 'address_line2'], ['address', 'city']] as const;

/**
 * Write rules the schema cannot say: an address is stored whole, so a PATCH that sends one needs
 * every required part too (the engine's PATCH schema requires nothing); text parts are trimmed
 * and a required one may not be blank;
 * a provider change goes through PATCH locations/{id}/set-owner, which moves what is at the
 * location with it, never through a plain update that would leave the devices behind.
 */
function locationRules({ values, existing }: WriteContext): Values {
  if (existing && values.tenant_id !== undefined && values.tenant_id !== existing.tenant_id) {
    throw invalid(['body', 'tenant_id'], 'Change the provider with PATCH locations/{id}/set-owner', 'set_owner');
  }
  const prepared: Values = { ...values };
  if (typeof prepared.address === 'object' && prepared.address !== null) {
    const address = { ...(prepared.address as Values) };
    const missing = usAddressSchema.required.find((part) => address[part] === undefined);
    if (missing) throw invalid(['body', 'address', missing], 'Field required', 'missing');
    prepared.address = address;
  }
  for (const path of REQUIRED_TEXT) {
    const holder = path.length === 1 ? prepared : (prepared[path[0]] as Values | null | undefined);
    const key = path[path.length - 1] as string;
    const value = holder?.[key];
    if (!holder || typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (trimmed === '' && key !== 'address_line2') throw invalid(['body', ...path], 'Field required', 'missing');
    holder[key] = trimmed === '' ? null : trimmed;
  }
  return prepared;
}
