import type { Kysely } from 'kysely';
import { codesInForce, feeScheduleAmount } from '../../../domain/billing/feeSchedule';
import { hundredths, scaleCents, tenThousandths, toCents, toDollars } from '../../../domain/billing/money';
import type { DB } from '../../db/schema';
import { invalid, notFound } from '../../errors';
import type { Caller } from '../../resources/caller';
import type { ProviderRow } from './reachProvider';

export const PRICING_PAGE_SIZE = 30;

const pricingView = (r: {
  id: number;
  cpt_code: string;
  fee_schedule_price_cents: number;
  negotiated_price_cents: number;
  volume_threshold: number;
  as_of_date: Date | string;
}) => ({
  id: r.id,
  cpt_code: r.cpt_code,
  fee_schedule_price: toDollars(r.fee_schedule_price_cents),
  negotiated_price: toDollars(r.negotiated_price_cents),
  volume_threshold: r.volume_threshold,
  as_of_date: day(r.as_of_date),
});

/** A date column as yyyy-mm-dd (PGlite and pg both give Date objects at UTC midnight for `date`). */
export const day = (value: Date | string): string => (value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10));

/** GET providers/{id}/fee-for-service-pricing: a page of the provider's rows by id, with the total. */
export async function listPricing(db: Kysely<DB>, provider: ProviderRow, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('fee_for_service_prices')
      .selectAll()
      .where('tenant_id', '=', provider.id)
      .orderBy('id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('fee_for_service_prices')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', provider.id)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(pricingView), total: Number(count.n), offset: (page - 1) * perPage };
}

export interface NewPricing {
  proportion: number;
  specific_locality_id_override?: string | null | undefined;
  volume_threshold: number;
  effective_date?: string | null | undefined;
  clear_existing?: boolean | undefined;
  hybrid_pricing?: boolean | undefined;
}

/**
 * POST providers/{id}/fee-for-service-pricing: one row per code the fee schedule prices on the
 * effective date (today when none), at `proportion` of the schedule's national amount (times the
 * locality's factor when one is named), from `volume_threshold` on. `hybrid_pricing` prices only
 * the care-management codes (measured in minutes), which a hybrid provider pays per service while
 * its subscription covers the devices. `clear_existing` removes the provider's rows first. A row
 * of the same code, threshold and date is replaced.
 */
export async function createPricing(trx: Kysely<DB>, caller: Caller, provider: ProviderRow, body: NewPricing, today: string) {
  const effective = body.effective_date ?? today;
  let multiplier: number | null = null;
  const locality = body.specific_locality_id_override?.trim() || null;
  if (locality) {
    const row = await trx
      .selectFrom('fee_schedule_localities')
      .select(['multiplier'])
      .where('locality_id', '=', locality)
      .where('effective_from', '<=', effective as never)
      .where((eb) => eb.or([eb('effective_to', 'is', null), eb('effective_to', '>=', effective as never)]))
      .orderBy('effective_from', 'desc')
      .executeTakeFirst();
    if (!row) throw invalid(['body', 'specific_locality_id_override'], `No payment locality ${locality} on ${effective}`);
    multiplier = Number(row.multiplier);
  }
  const schedule = (await trx.selectFrom('fee_schedule_amounts').select(['code', 'effective_from', 'effective_to', 'amount_cents']).execute()).map((r) => ({
    ...r,
    effective_from: day(r.effective_from),
    effective_to: r.effective_to === null ? null : day(r.effective_to),
  }));
  let codes = codesInForce(schedule, effective);
  if (body.hybrid_pricing) {
    const timed = new Set((await trx.selectFrom('billing_codes').select('code').where('measure', '=', 'minutes').execute()).map((r) => r.code));
    codes = codes.filter((c) => timed.has(c));
  }
  if (codes.length === 0) throw invalid(['body', 'effective_date'], `The fee schedule has no amounts on ${effective}`);
  if (body.clear_existing) await trx.deleteFrom('fee_for_service_prices').where('tenant_id', '=', provider.id).execute();
  const rows = codes.map((code) => {
    const national = feeScheduleAmount(schedule, code, effective) as number;
    const fee = multiplier === null ? national : scaleCents(national, tenThousandths(multiplier), 10_000);
    return {
      tenant_id: provider.id,
      cpt_code: code,
      fee_schedule_price_cents: fee,
      negotiated_price_cents: scaleCents(fee, hundredths(body.proportion), 100),
      volume_threshold: body.volume_threshold,
      as_of_date: effective,
      proportion: body.proportion,
      locality_id: locality,
      hybrid: body.hybrid_pricing === true,
      created_by: caller.identity.id,
    };
  });
  const written = await trx
    .insertInto('fee_for_service_prices')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'cpt_code', 'volume_threshold', 'as_of_date']).doUpdateSet((eb) => ({
        fee_schedule_price_cents: eb.ref('excluded.fee_schedule_price_cents'),
        negotiated_price_cents: eb.ref('excluded.negotiated_price_cents'),
        proportion: eb.ref('excluded.proportion'),
        locality_id: eb.ref('excluded.locality_id'),
        hybrid: eb.ref('excluded.hybrid'),
        created_by: eb.ref('excluded.created_by'),
        created_on: new Date(),
      })),
    )
    .returningAll()
    .execute();
  return { created: written.length, rows: written.sort((a, b) => a.id - b.id).map(pricingView) };
}

/** PUT providers/{id}/fee-for-service-pricing: a row's negotiated price (dollars) and threshold; another provider's row is 404. */
export async function updatePricing(trx: Kysely<DB>, provider: ProviderRow, body: { id: number; negotiated_price: number; volume_threshold: number }) {
  const row = await trx
    .updateTable('fee_for_service_prices')
    .set({ negotiated_price_cents: toCents(body.negotiated_price), volume_threshold: body.volume_threshold })
    .where('id', '=', body.id)
    .where('tenant_id', '=', provider.id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  return pricingView(row);
}
