/** Dollars with at most 2 decimals (numeric(10, 2)); the resource refuses a third decimal. */
const money = { type: 'number', minimum: 0, maximum: 99999999.99 } as const;
const optionalMoney = { type: ['number', 'null'], minimum: 0, maximum: 99999999.99 } as const;

/** An internal user's reimbursement rate from as_of_date on (spec 002 section 3, Other user-related entities). */
export const reimbursementRateSchema = {
  title: 'ReimbursementRate',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    user_id: { type: 'integer', minimum: 1 },
    as_of_date: { type: 'string', format: 'date' },
    hourly_reimbursement: money,
    enrollment_reimbursement: optionalMoney,
    shift_reimbursement: optionalMoney,
    training_reimbursement: optionalMoney,
    incentive_reimbursement: optionalMoney,
    created_on: { type: 'string', format: 'date-time', readOnly: true },
    user: {
      type: 'object',
      readOnly: true,
      properties: {
        id: { type: 'integer' },
        full_name: { type: 'string' },
        tenant_id: { type: ['integer', 'null'] },
      },
      additionalProperties: false,
    },
  },
  required: ['id', 'user_id', 'as_of_date', 'hourly_reimbursement'],
  additionalProperties: false,
} as const;
