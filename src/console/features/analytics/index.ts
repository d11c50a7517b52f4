import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { clinicalMetricsWidget } from './ClinicalMetricsWidget';
import { enrollmentChartWidget } from './EnrollmentChartWidget';
import { enrollmentMetricsWidget } from './EnrollmentMetricsWidget';
import { organizationMetricsWidget } from './OrganizationMetricsWidget';
import { primaryConditionWidget } from './PrimaryConditionWidget';
import { providerPickerWidget } from './ProviderPickerWidget';
import { userMetricsWidget } from './UserMetricsWidget';

/**
 * Metrics and provider analytics (spec 001 Home and section 3 "Metrics", spec 002 section 2
 * "Provider analytics"): Home's user_metrics, organization_metrics and enrollment_chart, and the
 * /provider-analytics widgets. The widgets of one page share its provider through the address
 * (`?tenant_id=`, useChosenProvider).
 */
export const analyticsFeature = {
  widgets: {
    user_metrics: userMetricsWidget,
    organization_metrics: organizationMetricsWidget,
    enrollment_chart: enrollmentChartWidget,
    provider_picker: providerPickerWidget,
    enrollment_metrics: enrollmentMetricsWidget,
    clinical_metrics: clinicalMetricsWidget,
    primary_condition_chart: primaryConditionWidget,
  },
} as const satisfies RegistryContribution;
