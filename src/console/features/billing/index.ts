import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { forecastFilter } from './ForecastFilter';
import { progressCell } from './ProgressCell';
import { servicesCell } from './ServicesCell';

/**
 * Billing progress (spec 001, Monitoring Progress and Home; issue 13): a month's progress as a bar
 * coloured by the month's pace, a program's services code by code, and the forecast filter.
 */
export const billingFeature = {
  cells: { progress: progressCell, services: servicesCell },
  filters: { forecast: forecastFilter },
} as const satisfies RegistryContribution;
