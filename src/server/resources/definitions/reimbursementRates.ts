import { reimbursementRateSchema } from '../../../../schemas/entities/reimbursementRate';
import { invalid } from '../../errors';
import { actorOf } from '../audit';
import { defineResource, type Values, type WrittenContext, type WriteContext } from '../defineResource';
import { missingReference, visibleReference } from '../references';

export const REIMBURSEMENT_TEXTS = {
  decimals: 'At most 2 decimals',
} as const;

const MONEY = ['hourly_reimbursement', 'enrollment_reimbursement', 'shift_reimbursement', 'training_reimbursement', 'incentive_reimbursement'] as const;
const USERS = { table: 'users', tenantColumn: 'tenant_id', operatorRows: true } as const;

/**
 * A staff user's reimbursement rates (spec 002 sections 3, 5 "Reimbursement rate", 7 "Users"):
 * GET reimbursement-rates?filter={"user_id[eq]":N}&sort=as_of_date&order=desc, POST, PUT. Only the
 * three admin roles hold reimbursement_rates.*. The user named is any staff user the caller reaches
 * (the Reimbursement tab is shown to internal users, whoever they edit); amounts are dollars, 0 or more, with at most 2 decimals. A rate belongs to its
 * user's tenant (none: internal users belong to no provider). Writes are audited (auditRate).
 */
export const reimbursementRates = defineResource({
  name: 'reimbursement-rates',
  table: 'reimbursement_rates',
  schema: reimbursementRateSchema,
  permission: 'reimbursement_rates',
  actions: ['list', 'read', 'create', 'update'],
  tenantField: 'user.tenant_id',
  joins: { user: { table: 'users', on: 'user_id' } },
  filterable: ['id', 'user_id', 'as_of_date'],
  sortable: ['id', 'as_of_date', 'hourly_reimbursement', 'created_on'],
  search: ['id'],
  defaultSort: { field: 'as_of_date', order: 'desc' },
  references: { user_id: USERS },
  prepare: rateRules,
  afterWrite: auditRate,
});

/**
 * Every change of a rate is recorded in the audit trail (issue 18: "Every change audited"), in the
 * write's transaction. The engine audits only patient data, and `afterWrite` has no request: the
 * row names the actor, the action and the rate, without the client's address or request id.
 */
async function auditRate({ trx, identity, action, after, before }: WrittenContext): Promise<void> {
  const record = after ?? before;
  await trx
    .insertInto('audit_logs')
    .values({ ...actorOf(identity), tenant_id: null, action, resource: 'reimbursement-rates', record_id: String(record?.id), patient_id: null })
    .execute();
}

async function rateRules({ trx, access, values }: WriteContext): Promise<Values> {
  for (const field of MONEY) {
    const amount = values[field];
    if (typeof amount === 'number' && Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6) throw invalid(['body', field], REIMBURSEMENT_TEXTS.decimals);
  }
  if (values.user_id !== undefined) {
    // Any staff user the caller reaches (the tab is shown to internal users, for whoever they edit); a patient's account answers as none.
    const user = await visibleReference(trx, access, USERS, values.user_id, ['body', 'user_id'], ['role']);
    if (user.role === 'patient') throw missingReference(['body', 'user_id']);
  }
  return values;
}
