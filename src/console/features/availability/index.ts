import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { defineLazyWidget } from '../../renderer/registries/widgets/widgetTypes';
import { availabilityCalendarOptions } from './AvailabilityCalendarWidget.options';

/** Availability (spec 002 sections 2 and 9): the week calendar of /availability (everyone's) and /account/availability (one's own). */
export const availabilityFeature = {
  widgets: {
    availability_calendar: defineLazyWidget(availabilityCalendarOptions, () =>
      import('./AvailabilityCalendarWidget').then((m) => m.AvailabilityCalendarWidget),
    ),
  },
} satisfies RegistryContribution;
