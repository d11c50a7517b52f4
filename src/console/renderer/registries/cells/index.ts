import { badgeCell } from './BadgeCell';
import { booleanCell } from './BooleanCell';
import { caseCell } from './CaseCell';
import { dateCell } from './DateCell';
import { dateTimeCell } from './DateTimeCell';
import { durationMmssCell } from './DurationCell';
import { emailCell } from './EmailCell';
import { linkCell } from './LinkCell';
import { moneyCell } from './MoneyCell';
import { percentCell } from './PercentCell';
import { phoneCell } from './PhoneCell';
import { phonesCell } from './PhonesCell';
import { referenceCell } from './ReferenceCell';
import { relativeCell } from './RelativeCell';
import { tagsCell } from './TagsCell';
import { textCell } from './TextCell';

/** The renderer's cells by the name a definition gives (`"cell": "date"`); features add their own. See the renderer README to add one. */
export const genericCells = {
  badge: badgeCell,
  boolean: booleanCell,
  case: caseCell,
  date: dateCell,
  datetime: dateTimeCell,
  duration_mmss: durationMmssCell,
  email: emailCell,
  link: linkCell,
  money: moneyCell,
  percent: percentCell,
  phone: phoneCell,
  phones: phonesCell,
  reference: referenceCell,
  relative: relativeCell,
  tags: tagsCell,
  text: textCell,
};
