import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from '../../api/DataProviderContext';
import { resourceQueries } from '../../api/queryOptions';

/** A price of the payment provider's product (GET billing/product-prices/{kind}); amounts in cents. */
interface ProductPrice {
  id: string;
  nickname?: string | null;
  unit_amount?: number | null;
  currency?: string;
  interval?: string | null;
}

/** The prices offered for a subscription kind (simple, complex, software_only, ccm_only, initiation_fee). */
export function useProductPrices(kind: string) {
  const query = useQuery(resourceQueries('billing').at(useDataProvider(), `/billing/product-prices/${encodeURIComponent(kind)}`));
  const prices = Array.isArray(query.data) ? (query.data as ProductPrice[]) : [];
  return { prices, loading: query.isPending, failure: query.isError ? query.error.message : undefined };
}
