import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import { describeActivity } from './activityFormat';

/** A device event's value in words, by the record's activity_type. */
export const activityCell = defineCell(NO_OPTIONS, ({ value, record }) => <>{describeActivity(record.activity_type, value)}</>);
