import type { FromSchema } from 'json-schema-to-ts';
import { pathId } from './common';

/**
 * The user calls beyond the engine's CRUD (spec 002 section 7 "Users", src/server/routes/users/)
 * and the patient's support-ticket create (routes/supportTickets/).
 */

/** GET roles?meta={"is_internal":true|false}: the roles a user may be given (never superadmin nor patient). */
export const rolesQuery = {
  type: 'object',
  properties: { meta: { type: 'string', maxLength: 200 } },
} as const;

export const roleItem = {
  type: 'object',
  properties: { role: { type: 'string' }, description: { type: 'string' } },
  required: ['role', 'description'],
} as const;

/** An internal user's location (the Locations tab), as GET users/{id}/locations lists it. */
export const userLocationSchema = {
  title: 'UserLocation',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    user_id: { type: 'integer', readOnly: true },
    location_id: { type: 'integer', readOnly: true },
    name: { type: 'string', readOnly: true },
    tenant_id: { type: ['integer', 'null'], readOnly: true },
    created_on: { type: 'string', format: 'date-time', readOnly: true },
    user: { type: 'object', readOnly: true, properties: { id: { type: 'integer' }, tenant_id: { type: ['integer', 'null'] } }, additionalProperties: false },
  },
  required: ['id', 'user_id', 'location_id'],
  additionalProperties: false,
} as const;

/** An internal user's provider access (tenant_user_roles; spec 002 section 3, "Tenant user role"). */
export const tenantUserRoleSchema = {
  title: 'TenantUserRole',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    user_id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    tenant_name: { type: 'string', readOnly: true },
    start_date: { type: 'string', format: 'date', readOnly: true },
    user: { type: 'object', readOnly: true, properties: { id: { type: 'integer' }, tenant_id: { type: ['integer', 'null'] } }, additionalProperties: false },
  },
  required: ['id', 'user_id', 'tenant_id'],
  additionalProperties: false,
} as const;

/** POST users/{id}/locations */
export const userLocationBody = {
  type: 'object',
  properties: { location_id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  required: ['location_id'],
  additionalProperties: false,
} as const;

/** DELETE users/{id}/locations?location_id=N */
export const userLocationQuery = {
  type: 'object',
  properties: { location_id: pathId },
  required: ['location_id'],
} as const;

/** POST users/{id}/tenant-user-roles; start_date defaults to today. */
export const tenantUserRoleBody = {
  type: 'object',
  properties: {
    tenant_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    start_date: { type: ['string', 'null'], format: 'date' },
  },
  required: ['tenant_id'],
  additionalProperties: false,
} as const;

/** DELETE users/{id}/tenant-user-roles?tenant_id=N */
export const tenantUserRoleQuery = {
  type: 'object',
  properties: { tenant_id: pathId },
  required: ['tenant_id'],
} as const;

/** The calls whose body is empty (reset-password, reset-2fa, send-email-verification): nothing, or {}. */
export const emptyBody = { type: ['object', 'null'], properties: {}, additionalProperties: false } as const;

/** POST support-tickets (a patient's token only): the ticket the mobile app raises. */
export const supportTicketCreateBody = {
  type: 'object',
  properties: {
    category: { type: 'string', minLength: 1, maxLength: 100 },
    description: { type: 'string', minLength: 1, maxLength: 5000 },
    device_id: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
  },
  required: ['category', 'description'],
  additionalProperties: false,
} as const;
export type SupportTicketCreateBody = FromSchema<typeof supportTicketCreateBody>;
