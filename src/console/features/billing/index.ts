import { defineLazyCell } from '../../renderer/registries/cells/cellTypes';
import { onDemandPart } from '../../renderer/registries/lazyEntry';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { defineLazyWidget } from '../../renderer/registries/widgets/widgetTypes';
import { feeForServicePricingCreateSchema, feeForServicePricingSchema, invoiceSchema } from './billingEntities';
import { centsCell } from './CentsCell';
import { documentLinkCell } from './DocumentLinkCell';
import { feePricingCellOptions } from './FeePricingCell.options';
import { forecastFilter } from './ForecastFilter';
import { servicesCellOptions } from './ServicesCell.options';

/**
 * Billing progress (spec 001, Monitoring Progress and Home; issue 13): a month's progress as a bar
 * coloured by the month's pace, a program's services code by code, and the forecast filter.
 * A provider's billing (spec 002, issue 17): invoices (totals in cents, their documents, New Invoice), the
 * fee-for-service pricing edited in its rows, the subscription price pickers and offboarding.
 */
export const billingFeature = {
  cells: {
    cents: centsCell,
    document_link: documentLinkCell,
    fee_pricing: defineLazyCell(feePricingCellOptions, () => import('./FeePricingCell').then((m) => m.feePricingCell)),
    progress: defineLazyCell(NO_OPTIONS, () => import('./ProgressCell').then((m) => m.progressCell)),
    services: defineLazyCell(servicesCellOptions, () => import('./ServicesCell').then((m) => m.servicesCell)),
  },
  filters: { forecast: forecastFilter },
  widgets: {
    new_invoice: defineLazyWidget(NO_OPTIONS, () => import('./NewInvoiceWidget').then((m) => m.NewInvoiceWidget)),
    offboard_provider: defineLazyWidget(NO_OPTIONS, () => import('./OffboardProviderWidget').then((m) => m.OffboardProviderWidget)),
  },
  rjsfWidgets: { product_price: onDemandPart(() => import('./ProductPriceWidget').then((m) => m.ProductPriceWidget)) },
  entities: {
    /** GET providers/{id}/invoices. */
    invoice: invoiceSchema,
    /** GET and PUT providers/{id}/fee-for-service-pricing. */
    feeForServicePricing: feeForServicePricingSchema,
    /** POST providers/{id}/fee-for-service-pricing: the Add pricing dialog. */
    feeForServicePricingCreate: feeForServicePricingCreateSchema,
  },
} as const satisfies RegistryContribution;
