/** A PDF button: its label and its failure's toast. */
const pdfAction = {
  type: 'object',
  properties: { label: { type: 'string', minLength: 1 }, error: { type: 'string', minLength: 1 } },
  required: ['label', 'error'],
  additionalProperties: false,
} as const;

/** The options of the report_content widget (ReportContentWidget.tsx), apart from it so that the registry holds them without its code. */
export const reportContentOptions = {
  type: 'object',
  properties: { exportPdf: pdfAction, viewPdf: pdfAction },
  additionalProperties: false,
} as const;
