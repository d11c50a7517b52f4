import { describe, expect, it, vi } from 'vitest';
import { preloadScreenParts } from '../../../../src/console/renderer/registries/lazyEntry';
import { preloadChoiceControls } from '../../../../src/console/renderer/skin/LazyChoiceControls';

vi.mock('../../../../src/console/renderer/skin/LazyChoiceControls', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  preloadChoiceControls: vi.fn(() => Promise.resolve()),
}));

const noParts = { widgets: {}, rjsfWidgets: {}, rjsfFields: {} };

describe('preloadScreenParts and the lists’ selects and switches', () => {
  it('starts their fetch for a list with a toggle, its tabs as a select or several search fields, and not otherwise', () => {
    preloadScreenParts({ kind: 'list', search: { fields: [{ field: 'imei', label: 'IMEI' }] }, tabs: [] }, noParts);
    expect(preloadChoiceControls).not.toHaveBeenCalled();
    preloadScreenParts({ kind: 'list', toggle: { labels: { on: 'Mine', off: 'All' } } }, noParts);
    expect(preloadChoiceControls).toHaveBeenCalledTimes(1);
    preloadScreenParts({ kind: 'list', tabStyle: 'select' }, noParts);
    expect(preloadChoiceControls).toHaveBeenCalledTimes(2);
    preloadScreenParts({ kind: 'list', search: { fields: [{ field: 'imei' }, { field: 'name' }] } }, noParts);
    expect(preloadChoiceControls).toHaveBeenCalledTimes(3);
  });
});
