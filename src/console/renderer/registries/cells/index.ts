import { activityCell } from './ActivityCell';
import { badgeCell } from './BadgeCell';
import { booleanCell } from './BooleanCell';
import { caseCell } from './CaseCell';
import { dateCell } from './DateCell';
import { dateTimeCell } from './DateTimeCell';
import { durationMmssCell } from './DurationCell';
import { imeiCell } from './ImeiCell';
import { linkCell } from './LinkCell';
import { measurementCell } from './MeasurementCell';
import { percentCell } from './PercentCell';
import { phoneCell } from './PhoneCell';
import { referenceCell } from './ReferenceCell';
import { relativeCell } from './RelativeCell';
import { signalCell } from './SignalCell';
import { textCell } from './TextCell';

/** Cells by the name a definition gives (`"cell": "imei"`). See the renderer README to add one. */
export const cellRegistry = {
  activity: activityCell,
  badge: badgeCell,
  boolean: booleanCell,
  case: caseCell,
  date: dateCell,
  datetime: dateTimeCell,
  duration_mmss: durationMmssCell,
  imei: imeiCell,
  link: linkCell,
  measurement: measurementCell,
  percent: percentCell,
  phone: phoneCell,
  reference: referenceCell,
  relative: relativeCell,
  signal: signalCell,
  text: textCell,
};
