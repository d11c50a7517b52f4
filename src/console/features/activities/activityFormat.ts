import { EMPTY_TEXT, plainText } from '../../renderer/core/format';
import { humanize } from '../../renderer/core/templates';
import { signalLabel } from '../devices/deviceFormat';

type Item = Readonly<Record<string, unknown>>;

const firstItem = (value: unknown): Item | undefined => {
  const item: unknown = Array.isArray(value) ? value[0] : undefined;
  return typeof item === 'object' && item !== null ? (item as Item) : undefined;
};
const objectOf = (value: unknown): Item => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Item) : {});
const unitOf = (item: Item) => {
  const unit = objectOf(item.unit).text;
  return typeof unit === 'string' && unit !== '' ? ` ${unit}` : '';
};

/** A measurement's reading (spec 000 section 3): '128/84 mmHg', '97 %', '182.4 lbs'. */
export function formatMeasurement(value: unknown): string {
  const item = firstItem(value);
  if (!item) return EMPTY_TEXT;
  if (item.systolic !== undefined && item.diastolic !== undefined) return `${plainText(item.systolic)}/${plainText(item.diastolic)}${unitOf(item)}`;
  return item.value === undefined ? EMPTY_TEXT : `${plainText(item.value)}${unitOf(item)}`;
}

/** What a device event says, by its type: an issue, a message, a ping, a measurement. */
export function describeActivity(activityType: unknown, value: unknown): string {
  switch (activityType) {
    case 'measurement':
      return formatMeasurement(value);
    case 'issue_report': {
      const issue = objectOf(value);
      const kind = typeof issue.issue_type === 'string' ? humanize(issue.issue_type) : 'Issue';
      const text = typeof issue.description === 'string' && issue.description !== '' ? `${kind}: ${issue.description}` : kind;
      return issue.is_resolved === true ? `${text} (resolved)` : text;
    }
    case 'device_ping': {
      const ping = firstItem(value) ?? {};
      const parts = [
        ping.battery === undefined ? undefined : `Battery ${plainText(ping.battery)}%`,
        `Signal ${signalLabel(ping.signal)}`,
        typeof ping.network === 'string' ? ping.network : undefined,
      ];
      return parts.filter(Boolean).join(' · ');
    }
    default: {
      const message = objectOf(value).message;
      return typeof message === 'string' ? message : EMPTY_TEXT;
    }
  }
}

/** Words of the monitoring activity types that are no billed code (spec 001 section 3). */
const MONITORING_TYPE_WORDS: Readonly<Record<string, string>> = {
  /** Written by the server when a status changes or the patient moves to another provider. */
  activity: 'Event',
  note: 'Note',
  emr_review_note: 'EMR review note',
};
/** A billed type: its program and CPT codes, `rpm_99457_99458`. */
const BILLED_TYPE = /^([a-z]+)_(\d{5}(?:_\d{5})*)$/;

/** A monitoring activity's type in words: 'rpm_99457_99458' -> 'RPM 99457/99458', 'activity' -> 'Event'. */
export function monitoringTypeLabel(type: unknown): string {
  if (typeof type !== 'string' || type === '') return EMPTY_TEXT;
  const words = MONITORING_TYPE_WORDS[type];
  if (words !== undefined) return words;
  const billed = BILLED_TYPE.exec(type);
  return billed ? `${(billed[1] ?? '').toUpperCase()} ${(billed[2] ?? '').split('_').join('/')}` : humanize(type);
}

/**
 * Whether an activity's duration (seconds) is care time: only time that was spent. A row of no
 * duration (a status change the server recorded) is an event, not zero minutes of care.
 */
export function isCareTime(duration: unknown): boolean {
  const seconds = typeof duration === 'string' && duration.trim() !== '' ? Number(duration) : duration;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0;
}
