import type { Kysely } from 'kysely';
import { scaleCents } from '../../../domain/billing/money';
import type { DB } from '../schema';

/** The built-in vendor's products (GET billing/product-prices/{kind}): made-up demo prices, per patient a month, and the one-time initiation fee. */
const DEMO_PRICES = [
  { id: 'builtin_price_simple_49', kind: 'simple', nickname: 'Simple monitoring', unit_amount_cents: 4900, billing_interval: 'month' },
  { id: 'builtin_price_simple_59', kind: 'simple', nickname: 'Simple monitoring (small practice)', unit_amount_cents: 5900, billing_interval: 'month' },
  { id: 'builtin_price_complex_79', kind: 'complex', nickname: 'Complex monitoring', unit_amount_cents: 7900, billing_interval: 'month' },
  { id: 'builtin_price_software_19', kind: 'software_only', nickname: 'Software only', unit_amount_cents: 1900, billing_interval: 'month' },
  { id: 'builtin_price_ccm_39', kind: 'ccm_only', nickname: 'CCM only', unit_amount_cents: 3900, billing_interval: 'month' },
  { id: 'builtin_price_initiation_25', kind: 'initiation_fee', nickname: 'Patient initiation fee', unit_amount_cents: 2500, billing_interval: 'one_time' },
] as const;

/**
 * Provider billing of the demo (issue 17): the built-in vendor's prices; Northwind billed fee for
 * service, with its clinician as the default for every program and tiers at 0.85 of the fee
 * schedule (0.75 from the 101st unit of a code) from 2025 and again from 2026 (so that months of
 * each year are priced from their own schedule); Lakeside on the simple subscription. Prices are
 * made from the fee schedule as POST fee-for-service-pricing makes them (proportion of the amount).
 */
export async function seedBilling(db: Kysely<DB>): Promise<void> {
  await db
    .insertInto('billing_product_prices')
    .values([...DEMO_PRICES])
    .execute();
  const northwind = await db.selectFrom('tenants').select('id').where('slug', '=', 'northwind').executeTakeFirst();
  const lakeside = await db.selectFrom('tenants').select('id').where('slug', '=', 'lakeside').executeTakeFirst();
  const success = await db.selectFrom('users').select('id').where('email', '=', 'internal.admin@demo.example').executeTakeFirst();
  const sales = await db.selectFrom('users').select('id').where('email', '=', 'internal.billing@demo.example').executeTakeFirst();
  if (northwind) {
    const clinician = await db.selectFrom('users').select('id').where('email', '=', 'clinician@northwind.demo.example').executeTakeFirst();
    await db
      .updateTable('tenants')
      .set({
        billing_scheme: 'fee_for_service',
        stripe_billing_enabled: true,
        default_rpm_clinician_id: clinician?.id ?? null,
        default_ccm_clinician_id: clinician?.id ?? null,
        default_pcm_clinician_id: clinician?.id ?? null,
        default_rtm_clinician_id: clinician?.id ?? null,
        provider_success_id: success?.id ?? null,
        default_provider_success_id: success?.id ?? null,
        sales_manager_id: sales?.id ?? null,
      })
      .where('id', '=', northwind.id)
      .execute();
    for (const year of [2025, 2026])
      for (const [threshold, hundredths] of [
        [0, 85],
        [100, 75],
      ] as const) {
        const amounts = await db
          .selectFrom('fee_schedule_amounts')
          .select(['code', 'amount_cents'])
          .where('effective_from', '<=', `${String(year)}-01-01` as never)
          .where((eb) => eb.or([eb('effective_to', 'is', null), eb('effective_to', '>=', `${String(year)}-01-01` as never)]))
          .execute();
        if (amounts.length === 0) continue;
        await db
          .insertInto('fee_for_service_prices')
          .values(
            amounts.map((a) => ({
              tenant_id: northwind.id,
              cpt_code: a.code,
              fee_schedule_price_cents: a.amount_cents,
              negotiated_price_cents: scaleCents(a.amount_cents, hundredths, 100),
              volume_threshold: threshold,
              as_of_date: `${String(year)}-01-01`,
              proportion: hundredths / 100,
            })),
          )
          .execute();
      }
  }
  if (lakeside)
    await db
      .updateTable('tenants')
      .set({
        billing_scheme: 'subscription',
        stripe_billing_enabled: true,
        simple_price_id: 'builtin_price_simple_49',
        initiation_fee_price_id: 'builtin_price_initiation_25',
        provider_success_id: success?.id ?? null,
      })
      .where('id', '=', lakeside.id)
      .execute();
}
