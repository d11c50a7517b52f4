import { defineLazyCell } from '../../renderer/registries/cells/cellTypes';
import { onDemandPart } from '../../renderer/registries/lazyEntry';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { activityFieldRules } from './activityFieldRules';
import { activityCell } from './ActivityCell';
import { careTimeCell } from './CareTimeCell';
import { deviceReadingsCellOptions } from './DeviceReadingsCell.options';
import { measurementCell } from './MeasurementCell';
import { monitoringActivityCellOptions } from './MonitoringActivityCell.options';
import { notePresetGenerator, noteTypeChoices } from './noteForm';

/**
 * Activities: device events (spec 000 section 3: an event's value in words, a measurement's reading,
 * a device's last reading, the latest reading of each measure) and monitoring activities (spec 001
 * section 3: what a row says, and its care time, which an event has none of; the note form's care
 * time in minutes, sent as seconds; the note types a user may write, the preset bodies and the EMR
 * note's performed-on time in New York time).
 */
export const activitiesFeature = {
  cells: {
    activity: activityCell,
    care_time: careTimeCell,
    device_readings: defineLazyCell(deviceReadingsCellOptions, () => import('./DeviceReadingsCell').then((m) => m.deviceReadingsCell)),
    latest_readings: defineLazyCell(NO_OPTIONS, () => import('./LatestReadingsCell').then((m) => m.latestReadingsCell)),
    measurement: measurementCell,
    monitoring_activity: defineLazyCell(monitoringActivityCellOptions, () => import('./MonitoringActivityCell').then((m) => m.monitoringActivityCell)),
  },
  fieldRules: activityFieldRules,
  choices: { monitoring_note_types: noteTypeChoices },
  formGenerators: { monitoring_note_preset: notePresetGenerator },
  rjsfWidgets: { zoned_datetime: onDemandPart(() => import('./ZonedDateTimeWidget').then((m) => m.ZonedDateTimeWidget)) },
} as const satisfies RegistryContribution;
