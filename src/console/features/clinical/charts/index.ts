import type { RegistryContribution } from '../../../renderer/registries/screenRegistries';
import { defineLazyWidget } from '../../../renderer/registries/widgets/widgetTypes';
import { measurementCardsOptions } from './MeasurementCardsWidget.options';

/**
 * The readings and charts of the clinical record (spec 001 sections 2, 4, 5 and 9): the measurement
 * cards, each opening its measure's chart dialog (chart, recent readings, table view and annotations).
 */
export const clinicalChartsFeature = {
  widgets: {
    measurement_cards: defineLazyWidget(measurementCardsOptions, () => import('./MeasurementCardsWidget').then((m) => m.MeasurementCardsWidget)),
  },
} as const satisfies RegistryContribution;
