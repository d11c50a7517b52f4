import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { conflict, invalid } from '../../errors';
import type { Caller } from '../../resources/caller';
import { providers } from '../../resources/definitions/providers';
import { findRecord } from '../../resources/recordQuery';
import type { ProviderRow } from './reachProvider';

/** The provider's chosen recurring prices, in the products' order (the initiation fee is charged once, never subscribed). */
const recurringPrices = (p: ProviderRow) =>
  [p.simple_price_id, p.complex_price_id, p.software_only_price_id, p.ccm_only_price_id].filter((id): id is string => !!id);

/**
 * POST billing/{id}/refresh-subscription/: makes the vendor's subscription of the provider hold the
 * prices chosen on its Billing tab (creating the customer and the subscription when missing), and
 * keeps the customer and subscription ids. Needs the payment provider enabled and a scheme with a
 * subscription (subscription or hybrid). Answers the provider as GET providers/{id} does.
 */
export async function refreshSubscription(app: FastifyInstance, trx: Kysely<DB>, caller: Caller, provider: ProviderRow) {
  if (!provider.stripe_billing_enabled) throw invalid(['path', 'id'], 'Payment provider billing is not enabled for this provider');
  if (provider.billing_scheme === 'fee_for_service') throw invalid(['path', 'id'], 'This provider is billed by fee for service: it has no subscription');
  const vendor = app.billingVendor.within(trx);
  const customerId = await vendor.ensureCustomer({
    providerId: provider.id,
    name: provider.name,
    email: provider.email,
    customerId: provider.stripe_customer_id,
  });
  const subscription = await vendor.syncSubscription({ customerId, subscriptionId: provider.stripe_subscription_id, priceIds: recurringPrices(provider) });
  await trx
    .updateTable('tenants')
    .set({ stripe_customer_id: customerId, stripe_subscription_id: subscription?.id ?? null })
    .where('id', '=', provider.id)
    .execute();
  return findRecord(trx, providers, caller.access, provider.id);
}

/**
 * DELETE providers/subscription?tenant_id=: cancels the provider's subscription with the vendor and
 * forgets its id (spec 002 section 4: offered when a subscription id exists and the scheme is not
 * subscription). With no subscription there is nothing to clear: 409.
 */
export async function clearSubscriptions(app: FastifyInstance, trx: Kysely<DB>, provider: ProviderRow) {
  if (!provider.stripe_subscription_id) throw conflict('The provider has no subscription to clear');
  await app.billingVendor.within(trx).cancelSubscription(provider.stripe_subscription_id);
  await trx.updateTable('tenants').set({ stripe_subscription_id: null }).where('id', '=', provider.id).execute();
  return { message: 'Subscriptions cleared' };
}
