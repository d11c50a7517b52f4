import { onDemandPart } from '../../renderer/registries/lazyEntry';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { claimChoices } from './claimChoices';
import { claimRules } from './claimRules';

/**
 * Claims (spec 002 sections 2 to 5 and 9): the rule that keeps a submitted claim from its Edit, the
 * CPT codes and export years of the claim forms, and the ICD-10 picker of a claim's diagnosis codes.
 */
export const claimsFeature = {
  choices: claimChoices,
  rules: claimRules,
  rjsfWidgets: { icd10_codes: onDemandPart(() => import('./Icd10CodesWidget').then((m) => m.Icd10CodesWidget)) },
} as const satisfies RegistryContribution;
