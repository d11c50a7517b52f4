// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { Link, Route, Switch } from 'wouter';
import { NavigationGuard } from '../../../../src/console/navigation/NavigationGuard';
import { Screen } from '../../../../src/console/renderer/Screen';
import '../../helpers/dom';
import { PROVIDER_ADMIN } from '../../helpers/environments';
import { fixtureApi } from '../../helpers/fixtureApi';
import { fixtureRecords } from '../../helpers/fixtures';
import { useMswServer } from '../../helpers/msw';
import { renderWithScreens } from '../../helpers/renderScreen';

const server = useMswServer();
type Row = Record<string, unknown>;
type User = ReturnType<typeof userEvent.setup>;
const QUESTION = { name: 'Leave this page?' };

/**
 * Add and Edit Patient inside the shell's navigation guard, with links away as the sidebar has them,
 * over the fixture API (a billing provider of tenant 1; the create and the update answer as the server does).
 */
function open(path: string) {
  const records = fixtureRecords();
  records.users = [
    ...(records.users ?? []),
    { id: 210, first_name: 'Cleo', last_name: 'Nurse', full_name: 'Cleo Nurse', role: 'clinician', tenant_id: 1, is_provider: true, is_active: true },
  ];
  const [ada] = records.patients ?? [];
  const api = fixtureApi(records);
  server.use(
    http.post('*/api/patients', async ({ request }) => {
      const body = (await request.clone().json()) as Row & { user: Row };
      return HttpResponse.json(
        { id: 31, ...body, user: { ...body.user, full_name: `${String(body.user.first_name)} ${String(body.user.last_name)}` } } as JsonBodyType,
        {
          status: 201,
        },
      );
    }),
    http.put('*/api/patients/30', async ({ request }) => {
      const body = (await request.clone().json()) as Row;
      return HttpResponse.json({ ...ada, ...body, user: { ...(ada?.user as object), ...(body.user as object) } } as JsonBodyType);
    }),
    ...api.handlers,
  );
  return renderWithScreens(
    <NavigationGuard>
      <nav>
        <Link href="/patients">All Patients</Link>
        <Link href="/patients/create">Add Patient</Link>
      </nav>
      <Switch>
        <Route path="/patients/create">
          <Screen id="patients.create" />
        </Route>
        <Route path="/patients/:id/show">
          <p>The patient record</p>
        </Route>
        <Route path="/patients/:id">
          <Screen id="patients.edit" />
        </Route>
        <Route path="/patients">
          <p>The patient list</p>
        </Route>
      </Switch>
    </NavigationGuard>,
    { path, environment: PROVIDER_ADMIN },
  );
}

async function choose(user: User, field: RegExp, option: string) {
  await user.click(screen.getByRole('button', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const allPatients = () => screen.getByRole('link', { name: 'All Patients' });

describe('a form with unsaved changes', () => {
  it('asks before a link leaves Add Patient; Stay keeps the values, Leave goes, and coming back restores the draft', async () => {
    const user = userEvent.setup();
    const { location } = open('/patients/create');
    await user.type(await screen.findByLabelText(/First Name/), 'Ada');
    await user.click(allPatients());
    expect(screen.getByRole('alertdialog', QUESTION)).toHaveTextContent('They are kept as a draft in this browser tab');
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(location.history.at(-1)).toBe('/patients/create');
    expect(screen.getByLabelText(/First Name/)).toHaveValue('Ada');

    await user.click(allPatients());
    await user.click(screen.getByRole('button', { name: 'Leave this page' }));
    expect(await screen.findByText('The patient list')).toBeVisible();
    expect(location.history.at(-1)).toBe('/patients');

    // Spec 001 section 5: drafts are kept per form key in session storage, and come back with the form.
    await user.click(screen.getByRole('link', { name: 'Add Patient' }));
    expect(await screen.findByLabelText(/First Name/)).toHaveValue('Ada');
    await user.click(allPatients());
    expect(screen.getByRole('alertdialog', QUESTION)).toBeVisible();
  });

  it('does not ask before it is changed, nor when Back leaves it on purpose (which drops the draft)', async () => {
    const user = userEvent.setup();
    const { location } = open('/patients/create');
    await screen.findByLabelText(/First Name/);
    await user.click(allPatients());
    expect(location.history.at(-1)).toBe('/patients');

    await user.click(screen.getByRole('link', { name: 'Add Patient' }));
    await user.type(await screen.findByLabelText(/First Name/), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(location.history.at(-1)).toBe('/patients');
    await user.click(screen.getByRole('link', { name: 'Add Patient' }));
    expect(await screen.findByLabelText(/First Name/)).toHaveValue('');
  });

  it('does not ask when the save redirects to the new record', async () => {
    const user = userEvent.setup();
    const { location } = open('/patients/create');
    await user.type(await screen.findByLabelText(/First Name/), 'Ada');
    await user.type(screen.getByLabelText(/Last Name/), 'Quill');
    await user.type(screen.getByLabelText(/Date of Birth/), '1950-03-04');
    await choose(user, /Sex at Birth/, 'Female');
    await user.type(screen.getByLabelText(/Street Address/), '12 Elm St');
    await user.type(screen.getByLabelText(/City/), 'Madison');
    await choose(user, /State/, 'Wisconsin');
    await user.type(screen.getByLabelText(/ZIP Code/), '53703');
    await user.type(screen.getByRole('combobox', { name: /Billing Provider/ }), 'Cleo');
    await user.click(await screen.findByRole('option', { name: 'Cleo Nurse' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The patient record')).toBeVisible();
    expect(location.history.at(-1)).toBe('/patients/31/show');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before leaving Edit Patient with changes, and no longer once they are saved', async () => {
    const user = userEvent.setup();
    const { location } = open('/patients/30');
    await user.type(await screen.findByLabelText(/Middle Name/), 'K');
    await user.click(allPatients());
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes to patient Ada Byron saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    await user.click(allPatients());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(location.history.at(-1)).toBe('/patients');
  });
});
