import { TONES } from '../../renderer/skin/tones';

/** The options of the task cell, apart from its component, which loads on demand (defineLazyCell). */
export const taskCellOptions = {
  type: 'object',
  properties: {
    priority: {
      type: 'object',
      properties: {
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        tones: { type: 'object', additionalProperties: { enum: TONES } },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;
