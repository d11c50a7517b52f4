import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { defineLazyWidget } from '../../renderer/registries/widgets/widgetTypes';
import { organizationMetricsOptions } from './OrganizationMetricsWidget.options';

/**
 * Metrics and provider analytics (spec 001 Home and section 3 "Metrics", spec 002 section 2
 * "Provider analytics"): Home's user_metrics, organization_metrics and enrollment_chart, and the
 * /provider-analytics widgets. The widgets of one page share its provider through the address
 * (`?tenant_id=`, useChosenProvider). Each widget's code loads when it is drawn.
 */
export const analyticsFeature = {
  widgets: {
    user_metrics: defineLazyWidget(NO_OPTIONS, () => import('./UserMetricsWidget').then((m) => m.UserMetricsWidget)),
    organization_metrics: defineLazyWidget(organizationMetricsOptions, () => import('./OrganizationMetricsWidget').then((m) => m.OrganizationMetricsWidget)),
    enrollment_chart: defineLazyWidget(NO_OPTIONS, () => import('./EnrollmentChartWidget').then((m) => m.EnrollmentChartWidget)),
    provider_picker: defineLazyWidget(NO_OPTIONS, () => import('./ProviderPickerWidget').then((m) => m.ProviderPickerWidget)),
    enrollment_metrics: defineLazyWidget(NO_OPTIONS, () => import('./EnrollmentMetricsWidget').then((m) => m.EnrollmentMetricsWidget)),
    clinical_metrics: defineLazyWidget(NO_OPTIONS, () => import('./ClinicalMetricsWidget').then((m) => m.ClinicalMetricsWidget)),
    primary_condition_chart: defineLazyWidget(NO_OPTIONS, () => import('./PrimaryConditionWidget').then((m) => m.PrimaryConditionWidget)),
  },
} as const satisfies RegistryContribution;
