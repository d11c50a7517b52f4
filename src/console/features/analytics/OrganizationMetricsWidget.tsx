import type { OptionsOf } from '../../renderer/registries/registryEntry';
import { ProviderPicker } from './ProviderPicker';
import { ProviderSummary } from './ProviderSummary';
import { useChosenProvider } from './useChosenProvider';
import type { organizationMetricsOptions } from './OrganizationMetricsWidget.options';

/**
 * Your organization metrics (spec 001 Home) and the summary block of Provider analytics (spec 002):
 * the provider's seven figures, with the provider picker of internal users unless `picker` is false
 * (a page whose provider_picker widget already shows one). The provider is the page's choice
 * (useChosenProvider), by default the user's own tenant.
 */
export function OrganizationMetricsWidget({ options }: { options: OptionsOf<typeof organizationMetricsOptions> }) {
  const { tenantId } = useChosenProvider();
  return (
    <div className="flex flex-col gap-3">
      {options.picker !== false && <ProviderPicker />}
      <ProviderSummary tenantId={tenantId} label="Organization metrics" />
    </div>
  );
}
