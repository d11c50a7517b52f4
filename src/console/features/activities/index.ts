import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { activityCell } from './ActivityCell';
import { measurementCell } from './MeasurementCell';

/** Device activities (spec 000 section 3): an event's value in words, a measurement's reading. */
export const activitiesFeature = {
  cells: { activity: activityCell, measurement: measurementCell },
} as const satisfies RegistryContribution;
