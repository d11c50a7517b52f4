import { REPORT_TYPE_LABELS, reportCreateForm, reportSchema } from '../../../../schemas/payloads/reports';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { defineLazyWidget } from '../../renderer/registries/widgets/widgetTypes';
import { reportContentOptions } from './ReportContentWidget.options';
import { reportRangeCell } from './ReportRangeCell';

/**
 * Reports (spec 002 sections 2, 3 and 9; issue 19): the report entity and the Generate report form,
 * the labels of the report types, the range cell of the list and the content widget of a report's page.
 */
export const reportsFeature = {
  entities: { report: reportSchema, reportCreate: reportCreateForm },
  resourceEntities: { reports: 'report' },
  labels: REPORT_TYPE_LABELS,
  cells: { report_range: reportRangeCell },
  widgets: { report_content: defineLazyWidget(reportContentOptions, () => import('./ReportContentWidget').then((m) => m.ReportContentWidget)) },
} as const satisfies RegistryContribution;
