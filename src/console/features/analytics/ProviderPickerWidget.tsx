import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import { defineWidget } from '../../renderer/registries/widgets/widgetTypes';
import { ProviderPicker } from './ProviderPicker';
import { useChosenProvider } from './useChosenProvider';

/** The provider selector of Provider analytics (spec 002 section 2); a provider user sees its own provider's figures and no picker. */
export const providerPickerWidget = defineWidget(NO_OPTIONS, function ProviderPickerWidget() {
  const { canChoose } = useChosenProvider();
  return canChoose ? <ProviderPicker /> : <p className="text-sm text-slate-600">Your organization</p>;
});
