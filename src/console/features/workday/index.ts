import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { attendanceDetailsCell } from './AttendanceDetailsCell';
import { checkInWidget } from './CheckInWidget';
import { checkOutCell } from './CheckOutCell';

/**
 * The working day (issue 19): Home's Check-In widget and the attendance lists' cells (the details
 * dialog with where each end happened, and the check-out or 'Still checked in').
 */
export const workdayFeature = {
  cells: { attendance_details: attendanceDetailsCell, attendance_check_out: checkOutCell },
  widgets: { check_in: checkInWidget },
} as const satisfies RegistryContribution;
