import PDFDocument from 'pdfkit';
import { formatReading, isChartMeasure, MEASURE_INFO } from '../../../domain/clinical/measures';
import { EMPTY_TEXT } from '../../../domain/emptyText';
import { zonedWallTime } from '../../../domain/zonedDays';
import { drawPageFooters, drawTable } from '../pdf/pdfTable';

/** A reading of the month (an observation that is no self-reported symptom). */
export interface ExportReading {
  name: string;
  at: Date;
  value: number;
  /** Blood pressure's diastolic. */
  value2: number | null;
  unit: string | null;
}

/** A monitoring note of the month. */
export interface ExportNote {
  at: Date;
  type: string;
  /** Its duration (care time). */
  seconds: number;
  description: string;
  practitioner: string | null;
}

/** A service (a code) of the month's ledger: value in seconds for a minutes code, in days for a days code. */
interface ExportService {
  cpt_code: string;
  program: string;
  measure: string;
  value: number;
  max_value: number;
  units: number;
  status: string;
}

interface PatientExportContent {
  patient: string;
  birthdate: string | null;
  provider: string;
  primaryCondition: string | null;
  /** 'January 2025'. */
  month: string;
  /** The provider's; every date and time is printed in it. */
  timeZone: string;
  generatedAt: Date;
  readings: readonly ExportReading[];
  notes: readonly ExportNote[];
  services: readonly ExportService[];
}

const MARGIN = 40;
const orDash = (text: string | null | undefined) => (text === null || text === undefined || text.trim() === '' ? EMPTY_TEXT : text);

/** 'yyyy-mm-dd' (or a timestamp's day) as 05/31/2026, as the console shows dates. */
function usDay(day: string | null): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  return match ? `${match[2]}/${match[3]}/${match[1]}` : EMPTY_TEXT;
}

/** An instant as 01/15/2025 09:30 in the zone. */
function usDateTime(at: Date, timeZone: string): string {
  const wall = zonedWallTime(at, timeZone);
  return `${usDay(wall.slice(0, 10))} ${wall.slice(11, 16)}`;
}

const CONDITIONS: Readonly<Record<string, string>> = {
  HeartFailure: 'Heart Failure',
  chronic_kidney_disease: 'Chronic Kidney Disease',
  general: 'General',
};
const conditionLabel = (condition: string | null) => (condition === null ? EMPTY_TEXT : (CONDITIONS[condition] ?? condition));

const NOTE_TYPES: Readonly<Record<string, string>> = { activity: 'Event', note: 'Note', emr_review_note: 'EMR review note' };
/** 'rpm_99457_99458' -> 'RPM 99457/99458' (as the console's notes say it). */
function noteTypeLabel(type: string): string {
  const known = NOTE_TYPES[type];
  if (known !== undefined) return known;
  const billed = /^([a-z]+)_(\d{5}(?:_\d{5})*)$/.exec(type);
  return billed ? `${(billed[1] ?? '').toUpperCase()} ${(billed[2] ?? '').split('_').join('/')}` : type.replace(/_/g, ' ');
}

/** Seconds of care time as 'm:ss'. */
function duration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const measureLabel = (name: string) => (isChartMeasure(name) ? MEASURE_INFO[name].label : name.replace(/_/g, ' '));
const readingText = (r: ExportReading) => (isChartMeasure(r.name) ? formatReading(r.name, r.value, r.value2) : String(r.value));
const numberText = (name: string, value: number) => (isChartMeasure(name) ? formatReading(name, value) : String(Math.round(value * 10) / 10));

/** A measure's min, mean and max of the month ('120/80' for blood pressure: each part on its own). */
function statistics(name: string, readings: readonly ExportReading[]): { min: string; mean: string; max: string } {
  const part = (values: number[]) => ({
    min: Math.min(...values),
    mean: values.reduce((sum, v) => sum + v, 0) / values.length,
    max: Math.max(...values),
  });
  const first = part(readings.map((r) => r.value));
  const seconds = readings.map((r) => r.value2).filter((v): v is number => typeof v === 'number');
  if (seconds.length === 0) return { min: numberText(name, first.min), mean: numberText(name, first.mean), max: numberText(name, first.max) };
  const second = part(seconds);
  const pair = (a: number, b: number) => `${numberText(name, a)}/${numberText(name, b)}`;
  return { min: pair(first.min, second.min), mean: pair(first.mean, second.mean), max: pair(first.max, second.max) };
}

function serviceValue(s: ExportService): string {
  if (s.measure === 'minutes') return `${Math.floor(s.value / 60)} of ${Math.round(s.max_value / 60)} min`;
  if (s.measure === 'days') return `${s.value} of ${s.max_value} days`;
  return EMPTY_TEXT;
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  doc.moveDown(0.8);
  doc.x = doc.page.margins.left;
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#0f172a').text(text);
  doc.moveDown(0.3);
}

/**
 * The patient's monthly export (US Letter, portrait): a header (patient, date of birth, provider,
 * primary condition, month), the month's readings (a table per measure with its min, mean and max),
 * its monitoring notes and its services and care time, and "Page n of m" at every foot. Standard
 * fonts only, as the claims and enrollment exports.
 */
export async function patientExportPdf(content: PatientExportContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${content.patient} · ${content.month}`, Author: 'Care console' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(15).text('Monthly patient report');
  doc.font('Helvetica').fontSize(9).fillColor('#334155');
  doc.text(`Patient: ${orDash(content.patient)}`);
  doc.text(`Date of birth: ${usDay(content.birthdate)}`);
  doc.text(`Provider: ${orDash(content.provider)}`);
  doc.text(`Primary condition: ${conditionLabel(content.primaryCondition)}`);
  doc.text(`Month: ${content.month}`);
  doc.text(`Times in ${content.timeZone} · generated ${usDateTime(content.generatedAt, content.timeZone)}`);

  heading(doc, 'Readings');
  const byMeasure = new Map<string, ExportReading[]>();
  for (const reading of content.readings) byMeasure.set(reading.name, [...(byMeasure.get(reading.name) ?? []), reading]);
  if (byMeasure.size === 0) doc.font('Helvetica').fontSize(9).fillColor('#0f172a').text('No readings in this month');
  for (const [name, readings] of byMeasure) {
    const unit = readings.find((r) => r.unit)?.unit ?? (isChartMeasure(name) ? MEASURE_INFO[name].unit : '');
    const stats = statistics(name, readings);
    doc.moveDown(0.4);
    doc.x = doc.page.margins.left;
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor('#0f172a')
      .text(`${measureLabel(name)} (${readings.length} ${readings.length === 1 ? 'reading' : 'readings'})`);
    doc.font('Helvetica').fontSize(8).fillColor('#334155').text(`Min ${stats.min} · Mean ${stats.mean} · Max ${stats.max} ${unit}`.trim());
    doc.moveDown(0.2);
    drawTable(doc, {
      columns: [
        { label: 'Date and time', share: 2 },
        { label: 'Value', share: 2 },
        { label: 'Unit', share: 1 },
      ],
      rows: readings.map((r) => [usDateTime(r.at, content.timeZone), readingText(r), orDash(r.unit ?? unit)]),
      emptyText: 'No readings',
    });
  }

  heading(doc, 'Monitoring notes');
  drawTable(doc, {
    columns: [
      { label: 'Date', share: 12 },
      { label: 'Type', share: 12 },
      { label: 'Duration', share: 7 },
      { label: 'Description', share: 44 },
      { label: 'Practitioner', share: 15 },
    ],
    rows: content.notes.map((n) => [
      usDateTime(n.at, content.timeZone),
      noteTypeLabel(n.type),
      duration(n.seconds),
      orDash(n.description),
      orDash(n.practitioner),
    ]),
    emptyText: 'No monitoring notes in this month',
  });

  heading(doc, 'Services and care time');
  const careSeconds = content.notes.reduce((sum, n) => sum + Math.max(0, n.seconds), 0);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#334155')
    .text(`Care time of the month's notes: ${duration(careSeconds)}`);
  doc.moveDown(0.3);
  drawTable(doc, {
    columns: [
      { label: 'CPT code', share: 2 },
      { label: 'Program', share: 2 },
      { label: 'Progress', share: 4 },
      { label: 'Units', share: 1 },
      { label: 'Status', share: 3 },
    ],
    rows: content.services.map((s) => [s.cpt_code, s.program.toUpperCase(), serviceValue(s), String(s.units), s.status.replace(/_/g, ' ')]),
    emptyText: 'No services in this month',
  });

  drawPageFooters(doc, `${content.patient} · ${content.month}`);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
