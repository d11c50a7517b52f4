import type { FromSchema } from 'json-schema-to-ts';
import { deviceSchema } from '../entities/device';
import { DECOMMISSION_STATUSES, DEVICE_BULK_ACTIONS, DEVICE_UPDATE_ACTIONS, UNASSIGN_REASONS } from '../../src/domain/deviceActions';

/**
 * The bodies of the device actions (spec 000 sections 4.1 and 7): `PUT devices/{id}` with an
 * `update_action` and that action's fields, and the bulk `PUT devices` with `{ids, data}`.
 * Each action takes its own fields and no other: a field of another action is refused.
 */

const dbId = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
const nullableDbId = { type: ['integer', 'null'], minimum: 1, maximum: 2_147_483_647 } as const;
/** The console sends `patient_id: null` with an unassignment and a decommission; nothing else is accepted there. */
const noPatient = { type: 'null' } as const;

const unassignDeviceReasonSchema = {
  type: 'object',
  properties: {
    reason: { type: 'string', enum: UNASSIGN_REASONS },
    notes: { type: ['string', 'null'], maxLength: 2000 },
    is_device_returned: { type: 'boolean' },
    returned_to_location_id: nullableDbId,
  },
  required: ['reason'],
  additionalProperties: false,
} as const;

const fields = <const P extends object, const R extends readonly string[]>(properties: P, required: R) =>
  ({ type: 'object', properties, required, additionalProperties: false }) as const;

/** The fields of each update_action of `PUT devices/{id}`. */
const DEVICE_ACTION_FIELDS = {
  update_tenant: fields({ tenant_id: nullableDbId }, ['tenant_id'] as const),
  assign_to_patient: fields({ patient_id: dbId }, ['patient_id'] as const),
  unassign_patient: fields({ patient_id: noPatient, unassign_device_reason: unassignDeviceReasonSchema }, ['unassign_device_reason'] as const),
  update_external_id: fields({ external_id: deviceSchema.properties.external_id }, ['external_id'] as const),
  update_shared_device: fields({ is_shared_device: { type: 'boolean' } }, ['is_shared_device'] as const),
  decommission_device: fields({ status: { type: 'string', enum: DECOMMISSION_STATUSES }, patient_id: noPatient }, ['status'] as const),
  mark_received: fields({}, [] as const),
  set_invoice_item_id: fields({ customer_invoice_item_id: deviceSchema.properties.customer_invoice_item_id }, ['customer_invoice_item_id'] as const),
  set_location: fields({ location_id: nullableDbId }, ['location_id'] as const),
} as const;

/** The fields of each `data.update_action` of the bulk `PUT devices`; bulk_update needs a provider or a location (checked by the route). */
const DEVICE_BULK_ACTION_FIELDS = {
  mark_received: fields({}, [] as const),
  bulk_update: fields({ tenant_id: nullableDbId, location_id: nullableDbId }, [] as const),
} as const;

type Fields = { properties: object; required: readonly string[] };

/** The `if`/`then` of one action, as a type json-schema-to-ts reads (with `parseIfThenElseKeywords`). */
type ActionClause<F extends Fields, A extends string> = {
  readonly if: { readonly properties: { readonly update_action: { readonly const: A } }; readonly required: readonly ['update_action'] };
  readonly then: F & { readonly properties: { readonly update_action: object } & F['properties'] };
};

/**
 * `update_action` first (a body without a known one is refused at `update_action`), then the
 * fields of that action only, through one `if`/`then` per action, in the order of `actions`.
 * Typed as a tuple of clauses so that the route's body type is one member per action.
 */
function actionBody<const K extends readonly string[], T extends Record<K[number], Fields>>(table: T, actions: K) {
  const clauses = actions.map((action: K[number]) => ({
    if: { properties: { update_action: { const: action } }, required: ['update_action'] },
    then: { ...table[action], properties: { update_action: {}, ...table[action].properties } },
  }));
  return {
    type: 'object',
    properties: { update_action: { type: 'string', enum: actions } },
    required: ['update_action'],
    // map keeps the tuple's length and order, which its type cannot say.
    allOf: clauses as unknown as { readonly [I in keyof K]: ActionClause<T[K[I]], K[I]> },
  } as const;
}

export const deviceActionBodySchema = actionBody(DEVICE_ACTION_FIELDS, DEVICE_UPDATE_ACTIONS);

export const deviceBulkUpdateBodySchema = {
  type: 'object',
  properties: {
    ids: { type: 'array', items: dbId, minItems: 1, maxItems: 500 },
    data: actionBody(DEVICE_BULK_ACTION_FIELDS, DEVICE_BULK_ACTIONS),
  },
  required: ['ids', 'data'],
  additionalProperties: false,
} as const;

type Bodies<T extends Record<string, unknown>> = { [A in keyof T & string]: { update_action: A } & FromSchema<T[A] & { type: 'object' }> }[keyof T & string];

/** `{update_action: 'assign_to_patient', patient_id: 12}` and the like: one member per action. */
export type DeviceActionBody = Bodies<typeof DEVICE_ACTION_FIELDS>;
export type DeviceBulkActionBody = Bodies<typeof DEVICE_BULK_ACTION_FIELDS>;

/**
 * The type provider's options of a route plugin with these bodies
 * (`FastifyPluginAsyncJsonSchemaToTs<ActionBodyOptions>`): json-schema-to-ts reads the `if`/`then`
 * clauses only when asked, and then types the body as one member per action.
 */
export type ActionBodyOptions = { ValidatorSchemaOptions: { parseIfThenElseKeywords: true } };
