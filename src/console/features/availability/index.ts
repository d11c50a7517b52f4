import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { availabilityCalendarWidget } from './AvailabilityCalendarWidget';

/** Availability (spec 002 sections 2 and 9): the week calendar of /availability (everyone's) and /account/availability (one's own). */
export const availabilityFeature = {
  widgets: { availability_calendar: availabilityCalendarWidget },
} satisfies RegistryContribution;
