import { locationSchema } from '../../../../schemas/entities/location';
import { defineResource } from '../defineResource';

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
});
