import { describeActivity } from '../../core/activityFormat';
import { NO_OPTIONS } from '../registryEntry';
import { defineCell } from './cellTypes';

/** A device event's value in words, by the record's activity_type. */
export const activityCell = defineCell(NO_OPTIONS, ({ value, record }) => <>{describeActivity(record.activity_type, value)}</>);
