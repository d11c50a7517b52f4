import { CHART_MEASURES } from '../../../../domain/clinical/measures';

/** The options of the measurement_cards widget (MeasurementCardsWidget.tsx), apart from it so that the registry holds them without its code. */
export const measurementCardsOptions = {
  type: 'object',
  properties: {
    measures: { type: 'array', items: { type: 'string', enum: CHART_MEASURES }, minItems: 1, uniqueItems: true },
  },
  additionalProperties: false,
} as const;
