import { defineWidget } from '../../renderer/registries/widgets/widgetTypes';
import { ProviderPicker } from './ProviderPicker';
import { ProviderSummary } from './ProviderSummary';
import { useChosenProvider } from './useChosenProvider';

/**
 * Your organization metrics (spec 001 Home) and the summary block of Provider analytics (spec 002):
 * the provider's seven figures, with the provider picker of internal users unless `picker` is false
 * (a page whose provider_picker widget already shows one). The provider is the page's choice
 * (useChosenProvider), by default the user's own tenant.
 */
export const organizationMetricsWidget = defineWidget(
  { type: 'object', properties: { picker: { type: 'boolean' } }, additionalProperties: false },
  function OrganizationMetricsWidget({ options }) {
    const { tenantId } = useChosenProvider();
    return (
      <div className="flex flex-col gap-3">
        {options.picker !== false && <ProviderPicker />}
        <ProviderSummary tenantId={tenantId} label="Organization metrics" />
      </div>
    );
  },
);
