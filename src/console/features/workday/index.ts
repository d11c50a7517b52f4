import { defineLazyCell } from '../../renderer/registries/cells/cellTypes';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { defineLazyWidget } from '../../renderer/registries/widgets/widgetTypes';
import { checkOutCell } from './CheckOutCell';

/**
 * The working day (issue 19): Home's Check-In widget and the attendance lists' cells (the details
 * dialog with where each end happened, and the check-out or 'Still checked in').
 */
export const workdayFeature = {
  cells: {
    attendance_details: defineLazyCell(NO_OPTIONS, () => import('./AttendanceDetailsCell').then((m) => m.attendanceDetailsCell)),
    attendance_check_out: checkOutCell,
  },
  widgets: { check_in: defineLazyWidget(NO_OPTIONS, () => import('./CheckInWidget').then((m) => m.CheckInWidget)) },
} as const satisfies RegistryContribution;
