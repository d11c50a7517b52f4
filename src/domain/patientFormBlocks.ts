import type { COMORBIDITIES, PRIMARY_CONDITIONS } from './enums';

type PrimaryCondition = (typeof PRIMARY_CONDITIONS)[number];
type Comorbidity = (typeof COMORBIDITIES)[number];

/**
 * The condition-specific blocks of the patient profile and what shows each (spec 001 section 3:
 * "They show when the primary condition or a comorbidity matches"). The key is the profile's
 * property; each block matches one primary condition and one comorbidity.
 */
export const CONDITION_BLOCKS = {
  chf: { primaryCondition: 'HeartFailure', comorbidity: 'Congestive Heart Failure' },
  copd: { primaryCondition: 'COPD', comorbidity: 'COPD' },
  asthma: { primaryCondition: 'Asthma', comorbidity: 'Asthma' },
  diabetes: { primaryCondition: 'Diabetes', comorbidity: 'Diabetes' },
  chronic_kidney_disease: { primaryCondition: 'chronic_kidney_disease', comorbidity: 'Chronic Kidney Disease' },
} as const satisfies Record<string, { primaryCondition: PrimaryCondition; comorbidity: Comorbidity }>;

export type ConditionBlock = keyof typeof CONDITION_BLOCKS;
export const CONDITION_BLOCK_NAMES = Object.keys(CONDITION_BLOCKS) as ConditionBlock[];

/**
 * The blocks a patient's conditions call for, in the profile's order.
 * @example conditionBlocksFor('general', ['COPD', 'Anemia']) // ['copd']
 */
export function conditionBlocksFor(primaryCondition: unknown, comorbidities: unknown): ConditionBlock[] {
  const listed = Array.isArray(comorbidities) ? (comorbidities as unknown[]) : [];
  return CONDITION_BLOCK_NAMES.filter((name) => {
    const block = CONDITION_BLOCKS[name];
    return primaryCondition === block.primaryCondition || listed.includes(block.comorbidity);
  });
}
