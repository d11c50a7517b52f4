import { ProviderPicker } from './ProviderPicker';
import { useChosenProvider } from './useChosenProvider';

/** The provider selector of Provider analytics (spec 002 section 2); a provider user sees its own provider's figures and no picker. */
export function ProviderPickerWidget() {
  const { canChoose } = useChosenProvider();
  return canChoose ? <ProviderPicker /> : <p className="text-sm text-slate-600">Your organization</p>;
}
