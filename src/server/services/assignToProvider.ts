import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { AssignToProvider } from '../../../schemas/payloads/assignToProvider';
import { INTERNAL_ONLY_REFUSAL } from '../../domain/deviceActions';
import { providerMoveRefusal } from '../../domain/patientProviderMove';
import type { DB } from '../db/schema';
import { forbidden, HttpError, invalid, notFound } from '../errors';
import type { Identity } from '../plugins/identity';
import type { Access } from '../resources/access';
import { auditEach, auditPatients } from '../resources/audit';
import { callerFor } from '../resources/caller';
import type { Values } from '../resources/defineResource';
import { careTeamMembers, patients, users } from '../resources/definitions';
import { recordColumns, toRecord, visibleRows } from '../resources/recordQuery';
import { TENANT_REFERENCE, visibleReference } from '../resources/references';

/** One patient to move, as found by its account id. */
interface Mover {
  id: number;
  user_id: number;
  tenant_id: number;
}

/** The patient records of `ids` that the access reaches, as GET patients answers them. */
async function patientRecords(trx: Transaction<DB>, access: Access, ids: readonly number[]): Promise<Map<number, Values>> {
  if (ids.length === 0) return new Map();
  const rows = await visibleRows(trx, patients, access, (eb) => eb('t.id', 'in', ids))
    .select((eb) => recordColumns(eb, patients))
    .execute();
  return new Map(rows.map((row) => [row.id as number, toRecord(row, patients)]));
}

/** The provider the patients go to: one the caller reaches (else 422 as unknown), and active. */
async function targetProvider(trx: Transaction<DB>, access: Access, tenantId: number) {
  const loc = ['body', 'data', 'tenant_id'];
  const tenant = await visibleReference(trx, access, TENANT_REFERENCE, tenantId, loc, ['name', 'is_active']);
  if (!tenant.is_active) throw invalid(loc, 'This provider is not active', 'inactive');
  return { id: tenant.id, name: String(tenant.name) };
}

/** Refuses the whole call when one patient still holds a device or an active care program of its provider. */
async function refuseHeldPatients(trx: Transaction<DB>, movers: readonly Mover[]): Promise<void> {
  if (movers.length === 0) return;
  const facts = await trx
    .selectFrom('patients as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select((eb) => [
      'p.id',
      'u.full_name',
      eb
        .selectFrom('devices as d')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('d.patient_id', '=', 'p.id')
        .as('assigned_devices'),
      eb
        .selectFrom('service_instances as s')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('s.patient_id', '=', 'p.id')
        .whereRef('s.tenant_id', '=', 'p.tenant_id')
        .where('s.is_active', '=', true)
        .as('active_care_programs'),
    ])
    .where(
      'p.id',
      'in',
      movers.map((m) => m.id),
    )
    .orderBy('p.id')
    .execute();
  const refusals = facts.flatMap(
    (f) =>
      providerMoveRefusal({
        full_name: f.full_name,
        assigned_devices: Number(f.assigned_devices ?? 0),
        active_care_programs: Number(f.active_care_programs ?? 0),
      }) ?? [],
  );
  if (refusals.length > 0) throw new HttpError(422, refusals.join(' '));
}

/** Keeps a patient's reference to a user or location only when it belongs to the new provider. */
const keptIfOf = (table: 'users' | 'locations', column: string, tenantId: number) =>
  sql<
    number | null
  >`case when exists (select 1 from ${sql.table(table)} r where r.id = ${sql.ref(`patients.${column}`)} and r.tenant_id = ${tenantId}) then ${sql.ref(`patients.${column}`)} end`;

interface Move {
  request: FastifyRequest;
  identity: Identity;
  target: { id: number; name: string };
  movers: readonly Mover[];
}

/**
 * The writes of a move, for patients that may go: account and patient to the new provider; the
 * billing provider, locations and expected onboarding user kept only when they are the new
 * provider's; the old provider's care-team members and group memberships removed (internal staff
 * stay on the team); one monitoring activity per patient saying where it came from. Audited per row.
 */
async function movePatients(trx: Transaction<DB>, { request, identity, target, movers }: Move): Promise<void> {
  if (movers.length === 0) return;
  const ids = movers.map((m) => m.id);
  const oldNames = new Map(
    (
      await trx
        .selectFrom('tenants')
        .select(['id', 'name'])
        .where('id', 'in', [...new Set(movers.map((m) => m.tenant_id))])
        .execute()
    ).map((t) => [t.id, t.name]),
  );
  await trx
    .updateTable('users')
    .set({ tenant_id: target.id })
    .where(
      'id',
      'in',
      movers.map((m) => m.user_id),
    )
    .execute();
  await trx
    .updateTable('patients')
    .set({
      tenant_id: target.id,
      billing_provider_id: keptIfOf('users', 'billing_provider_id', target.id),
      expected_onboarding_user_id: keptIfOf('users', 'expected_onboarding_user_id', target.id),
      facility_location_id: keptIfOf('locations', 'facility_location_id', target.id),
      onboarding_appointment_location_id: keptIfOf('locations', 'onboarding_appointment_location_id', target.id),
    })
    .where('id', 'in', ids)
    .execute();

  const otherProviders = trx.selectFrom('users').select('id').where('tenant_id', 'is not', null).where('tenant_id', '<>', target.id);
  const removedMembers = await trx
    .deleteFrom('care_team_members')
    .where('patient_id', 'in', ids)
    .where('practitioner_id', 'in', otherProviders)
    .returningAll()
    .execute();
  const keptMembers = await trx.updateTable('care_team_members').set({ tenant_id: target.id }).where('patient_id', 'in', ids).returningAll().execute();
  for (const [action, rows] of [
    ['delete', removedMembers],
    ['update', keptMembers],
  ] as const) {
    await auditEach(
      trx,
      { request, identity, resource: careTeamMembers, action },
      rows.map((record) => ({ record })),
    );
  }

  const otherGroups = trx.selectFrom('patient_groups').select('id').where('tenant_id', '<>', target.id);
  const leftGroups = await trx
    .deleteFrom('patient_group_members')
    .where('patient_id', 'in', ids)
    .where('group_id', 'in', otherGroups)
    .returning(['group_id', 'patient_id'])
    .execute();
  for (const mover of movers) {
    const records = leftGroups.filter((m) => m.patient_id === mover.id).map((m) => ({ patientId: m.patient_id, recordId: `${m.group_id}:${m.patient_id}` }));
    await auditPatients(trx, { request, identity, resource: 'patient-group-members', action: 'delete', tenantId: mover.tenant_id, records });
  }

  await trx
    .insertInto('monitoring_activities')
    .values(
      movers.map((m) => ({
        patient_id: m.id,
        tenant_id: target.id,
        practitioner_id: identity.id,
        practitioner_name: identity.full_name,
        type: 'activity',
        description: `Patient assigned to provider ${target.name} (previously ${oldNames.get(m.tenant_id) ?? 'another provider'})`,
        created_by_id: identity.id,
      })),
    )
    .execute();
}

/**
 * PUT users {ids, data: {tenant_id}}, Assign to Provider (spec 001 sections 2 and 7), for internal
 * users who may update users everywhere (else 403). `ids` are patient accounts (users.id); one that
 * is not a patient the caller reaches is 404 and nothing changes. A patient holding a device or an
 * active care program refuses the whole call (422 with one sentence per patient). Patients already
 * at the provider are left as they are. One transaction; answers the patients as GET patients does,
 * in the order of `ids`.
 */
export async function assignToProvider(trx: Transaction<DB>, request: FastifyRequest, body: AssignToProvider): Promise<Values[]> {
  const caller = callerFor(request, users, 'update');
  if (!caller.identity.is_internal || caller.scope !== 'all') throw forbidden(INTERNAL_ONLY_REFUSAL);
  const { access, identity } = callerFor(request, patients, 'update');
  const userIds = [...new Set(body.ids)];
  const found = (await visibleRows(trx, patients, access, (eb) => eb('t.user_id', 'in', userIds))
    .select(['t.id', 't.user_id', 't.tenant_id'])
    .execute()) as Mover[];
  if (found.length !== userIds.length) throw notFound();
  const target = await targetProvider(trx, access, body.data.tenant_id);
  // Two moves of one patient run one after the other.
  await trx
    .selectFrom('patients')
    .select('id')
    .where(
      'id',
      'in',
      found.map((p) => p.id),
    )
    .orderBy('id')
    .forUpdate()
    .execute();
  const movers = found.filter((p) => p.tenant_id !== target.id);
  await refuseHeldPatients(trx, movers);

  const before = await patientRecords(
    trx,
    access,
    movers.map((m) => m.id),
  );
  await movePatients(trx, { request, identity, target, movers });
  const after = await patientRecords(
    trx,
    access,
    found.map((p) => p.id),
  );
  await auditEach(
    trx,
    { request, identity, resource: patients, action: 'update' },
    movers.map((mover) => ({ record: after.get(mover.id) as Values, before: before.get(mover.id) })),
  );
  const byUser = new Map(found.map((p) => [p.user_id, after.get(p.id) as Values]));
  return userIds.map((id) => byUser.get(id) as Values);
}
