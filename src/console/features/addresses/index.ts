import { US_COUNTRY, US_STATES } from '../../../domain/usStates';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';

/** Postal addresses (a location's, a patient's): the choices of their country and state fields. */
export const addressesFeature = {
  choices: {
    /** A location's country: the United States only (spec 002 section 9). */
    us_countries: () => [{ value: US_COUNTRY.code, label: US_COUNTRY.name }],
    /** The 50 states, DC and Puerto Rico by name (src/domain/usStates.ts). */
    us_states: () => US_STATES.map((state) => ({ value: state.code, label: state.name })),
  },
} as const satisfies RegistryContribution;
