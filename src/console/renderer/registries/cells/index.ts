import { activityCell } from './ActivityCell';
import { ageCell } from './AgeCell';
import { badgeCell } from './BadgeCell';
import { booleanCell } from './BooleanCell';
import { caseCell } from './CaseCell';
import { dateCell } from './DateCell';
import { dateTimeCell } from './DateTimeCell';
import { durationMmssCell } from './DurationCell';
import { emailCell } from './EmailCell';
import { imeiCell } from './ImeiCell';
import { inlineEditCell } from './InlineEditCell';
import { linkCell } from './LinkCell';
import { measurementCell } from './MeasurementCell';
import { observationsCell } from './ObservationsCell';
import { moneyCell } from './MoneyCell';
import { percentCell } from './PercentCell';
import { phoneCell } from './PhoneCell';
import { phonesCell } from './PhonesCell';
import { referenceCell } from './ReferenceCell';
import { relativeCell } from './RelativeCell';
import { signalCell } from './SignalCell';
import { tagsCell } from './TagsCell';
import { textCell } from './TextCell';

/** Cells by the name a definition gives (`"cell": "imei"`). See the renderer README to add one. */
export const cellRegistry = {
  activity: activityCell,
  age: ageCell,
  badge: badgeCell,
  boolean: booleanCell,
  case: caseCell,
  date: dateCell,
  datetime: dateTimeCell,
  duration_mmss: durationMmssCell,
  email: emailCell,
  imei: imeiCell,
  inline_edit: inlineEditCell,
  link: linkCell,
  measurement: measurementCell,
  observations: observationsCell,
  money: moneyCell,
  percent: percentCell,
  phone: phoneCell,
  phones: phonesCell,
  reference: referenceCell,
  relative: relativeCell,
  signal: signalCell,
  tags: tagsCell,
  text: textCell,
};
