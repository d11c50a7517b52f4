import { PERMISSION_KEYS } from '../../domain/permissions';
import { ROLES } from '../../domain/roles';
import { composeRegistries, genericRegistries, type ScreenRegistries } from '../renderer/registries/screenRegistries';
import { accountFeature } from './account';
import { activitiesFeature } from './activities';
import { activityBuilderFeature } from './activityBuilder';
import { analyticsFeature } from './analytics';
import { addressesFeature } from './addresses';
import { availabilityFeature } from './availability';
import { billingFeature } from './billing';
import { callingFeature } from './calling';
import { careTeamsFeature } from './careTeams';
import { claimsFeature } from './claims';
import { clinicalRecordFeature } from './clinical';
import { clinicalAssessmentsFeature } from './clinical/assessments';
import { clinicalChartsFeature } from './clinical/charts';
import { clinicalActivitiesFeature } from './clinicalActivities';
import { dataExportsFeature } from './dataExports';
import { devicesFeature } from './devices';
import { documentsFeature } from './documents';
import { dataModel } from './entities';
import { patientExportFeature } from './patientExport';
import { patientsFeature } from './patients';
import { reportsFeature } from './reports';
import { screenStudioFeature } from './screenStudio';
import { tasksFeature } from './tasks';
import { testingFeature } from './testing';
import { usersFeature } from './users';
import { voiceCallsFeature } from './voiceCalls';
import { workdayFeature } from './workday';

/**
 * The one place the console's features meet the generic renderer: every name a screen definition
 * may give, composed from the renderer's own entries and each feature's. The shell hands it to the
 * ScreenEnvironmentProvider; the screens test validates every definition against it.
 */
export const screenRegistries = {
  ...composeRegistries(
    genericRegistries,
    dataModel,
    accountFeature,
    activitiesFeature,
    activityBuilderFeature,
    analyticsFeature,
    addressesFeature,
    availabilityFeature,
    billingFeature,
    callingFeature,
    careTeamsFeature,
    claimsFeature,
    clinicalRecordFeature,
    clinicalAssessmentsFeature,
    clinicalChartsFeature,
    clinicalActivitiesFeature,
    dataExportsFeature,
    devicesFeature,
    documentsFeature,
    patientExportFeature,
    patientsFeature,
    reportsFeature,
    screenStudioFeature,
    tasksFeature,
    testingFeature,
    usersFeature,
    voiceCallsFeature,
    workdayFeature,
  ),
  roles: ROLES,
  permissionKeys: PERMISSION_KEYS,
} satisfies ScreenRegistries;
