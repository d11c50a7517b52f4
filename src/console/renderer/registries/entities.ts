import { auditLogSchema } from '../../../../schemas/entities/auditLog';
import { authLogSchema } from '../../../../schemas/entities/authLog';
import { deviceSchema } from '../../../../schemas/entities/device';
import { deviceActivitySchema } from '../../../../schemas/entities/deviceActivity';
import { locationSchema } from '../../../../schemas/entities/location';
import { patientSchema } from '../../../../schemas/entities/patient';
import { providerSchema } from '../../../../schemas/entities/provider';
import { userSchema } from '../../../../schemas/entities/user';

/** The entity schemas a definition may name (`"entity": "device"`), from schemas/entities. */
export const entityRegistry = {
  auditLog: auditLogSchema,
  authLog: authLogSchema,
  device: deviceSchema,
  deviceActivity: deviceActivitySchema,
  location: locationSchema,
  patient: patientSchema,
  provider: providerSchema,
  user: userSchema,
} as const;
export type EntityName = keyof typeof entityRegistry;

/** The entity of each API resource, so that a definition names only its resource. */
export const resourceEntities: Readonly<Record<string, EntityName>> = {
  'audit-logs': 'auditLog',
  'auth-logs': 'authLog',
  devices: 'device',
  'device-activities': 'deviceActivity',
  locations: 'location',
  patients: 'patient',
  'patient-queue': 'patient',
  providers: 'provider',
  users: 'user',
};
