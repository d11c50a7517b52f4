// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ScreenErrorBoundary } from '../../../../src/console/renderer/ScreenErrorBoundary';
import { WidgetSlot } from '../../../../src/console/renderer/parts/WidgetSlot';
import { screenRegistries } from '../../../../src/console/features';
import '../../helpers/dom';
import { fixtureApi } from '../../helpers/fixtureApi';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';

const server = useMswServer();
const widgetRegistry = screenRegistries.widgets;
const location = { file: 'screens/locations.show.json', path: '/tabs/0/show/cards/0/widget' };

describe('widgets', () => {
  it('resource_count: the total of a filtered list, read from Content-Range with one row', async () => {
    const api = fixtureApi();
    server.use(...api.handlers);
    renderPart(
      <WidgetSlot
        widget={{
          name: 'resource_count',
          options: { resource: 'devices', label: 'Pending devices', filter: { 'location_id[eq]': '{record.id}', 'status[eq]': 'pending' } },
        }}
        location={location}
      />,
      {
        record: { id: 10 },
      },
    );
    expect(screen.getByText('Pending devices')).toBeInTheDocument();
    expect(await screen.findByText('1')).toBeInTheDocument();
    const request = api.requests.find((r) => r.path === '/api/devices');
    expect(JSON.parse(request?.query.get('filter') ?? '')).toEqual({ 'location_id[eq]': 10, 'status[eq]': 'pending' });
    expect(request?.headers.get('Range')).toBe('devices=0-0');
  });

  it('deliberate_error: its button makes the part fail with the message, which the boundary shows', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderPart(
        <ScreenErrorBoundary>
          <WidgetSlot
            widget={{ name: 'deliberate_error', options: { label: 'Throw an Error', message: 'Deliberate error', description: 'On purpose.' } }}
            location={location}
          />
        </ScreenErrorBoundary>,
      );
      expect(screen.getByText('On purpose.')).toBeInTheDocument();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Throw an Error' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Deliberate error');
      expect(screen.queryByRole('button', { name: 'Throw an Error' })).toBeNull();
    } finally {
      quiet.mockRestore();
    }
  });

  it('an unknown widget fails naming the file and the JSON path', () => {
    expect(() => renderPart(<WidgetSlot widget={{ name: 'chart' }} location={location} />)).toThrow(
      'screens/locations.show.json: /tabs/0/show/cards/0/widget/name: unknown widget "chart"; known: account_change_password, account_passkeys, account_preferences, account_two_factor, activity_template_editor, algorithm_scores, availability_calendar, available_activities, call_patient, care_plans, check_in, clinical_metrics, consent_form, data_exports, deliberate_error, enrollment_chart, enrollment_metrics, measurement_cards, missing_profile, mobile_app_invitation, new_assessment, new_invoice, offboard_provider, organization_metrics, patient_export, primary_condition_chart, provider_picker, record_notes, report_content, resource_count, screen_studio, screen_studio_editor, step_template_editor, symptoms_grid, test_call, triage_donut, user_locations, user_metrics, user_roles',
    );
  });

  it('record_notes: read-only where editableWhen does not hold', () => {
    renderPart(
      <WidgetSlot
        widget={{
          name: 'record_notes',
          options: {
            resource: 'patients',
            field: 'notes',
            label: 'Patient notes',
            error: 'Error saving patient notes',
            editableWhen: { permission: 'no.such' },
          },
        }}
        location={location}
      />,
      { record: { id: 30, notes: 'Call after 9' } },
    );
    expect(screen.getByRole('textbox', { name: 'Patient notes' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Patient notes' })).toHaveValue('Call after 9');
  });

  it("covers every widget of the registry (the features' own are tested in tests/console/features: account, analytics, clinical, documents, dataExports, patients, patientExport, billing, reports, users, workday, calling, activityBuilder, screenStudio)", () => {
    expect(Object.keys(widgetRegistry)).toEqual([
      'account_change_password',
      'account_passkeys',
      'account_preferences',
      'account_two_factor',
      'activity_template_editor',
      'algorithm_scores',
      'availability_calendar',
      'available_activities',
      'call_patient',
      'care_plans',
      'check_in',
      'clinical_metrics',
      'consent_form',
      'data_exports',
      'deliberate_error',
      'enrollment_chart',
      'enrollment_metrics',
      'measurement_cards',
      'missing_profile',
      'mobile_app_invitation',
      'new_assessment',
      'new_invoice',
      'offboard_provider',
      'organization_metrics',
      'patient_export',
      'primary_condition_chart',
      'provider_picker',
      'record_notes',
      'report_content',
      'resource_count',
      'screen_studio',
      'screen_studio_editor',
      'step_template_editor',
      'symptoms_grid',
      'test_call',
      'triage_donut',
      'user_locations',
      'user_metrics',
      'user_roles',
    ]);
  });
});
