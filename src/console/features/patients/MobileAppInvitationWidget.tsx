import { Description, Field, Label, Switch } from '@headlessui/react';
import { useId, useState } from 'react';
import { evaluateCondition } from '../../renderer/core/conditions';
import { getPath, timeZoneOf } from '../../renderer/core/context';
import { formatDate, formatDateTime } from '../../renderer/core/format';
import type { OptionsOf } from '../../renderer/registries/registryEntry';
import { useEvalContext } from '../../renderer/scopeContext';
import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';
import { Button } from '../../ui/Button';
import { MOBILE_INVITE_TEXTS, useMobileAppInvitation } from './useMobileAppInvitation';
import type { mobileAppInvitationOptions } from './MobileAppInvitationWidget.options';

const SWITCH_CLASSES =
  'group relative inline-flex h-5 w-9 shrink-0 rounded-full bg-slate-300 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 data-[checked]:bg-blue-700 data-[disabled]:opacity-50';

/**
 * The patient record's Mobile App Invitation (spec 001, profile section 12, and section 4 "Mobile
 * app rejection"), on the screen's record:
 *
 * - Create code makes a one-time code (valid 7 days, once; a new one revokes the earlier ones),
 *   e-mailed to the patient too when 'E-mail the code to the patient' is ticked (offered only when
 *   the account has an address), then shows it with a copy button ('Code copied to clipboard').
 * - The switch 'Patient rejected the mobile app' sets `rejected_mobile_app_on` to now, or clears it.
 *
 * `editWhen` is the condition under which the user may create codes and flip the switch (always
 * when absent: the server asks `patients.update`); otherwise the switch only shows the state.
 */
export function MobileAppInvitationWidget({ options }: { options: OptionsOf<typeof mobileAppInvitationOptions> }) {
  const context = useEvalContext();
  const invitation = useMobileAppInvitation(context.record);
  const canEdit = evaluateCondition(options.editWhen, context);
  const timeZone = timeZoneOf(context);
  const email = getPath(context.record, 'user.email');
  const hasEmail = typeof email === 'string' && email.trim() !== '';
  const [sendEmail, setSendEmail] = useState(false);
  const codeId = useId();
  const emailHintId = useId();
  if (invitation.patientId === undefined) return null;
  const { code, rejectedOn } = invitation;

  return (
    <div className="space-y-6 text-sm text-slate-800">
      <section aria-labelledby={`${codeId}-heading`} className="space-y-3">
        <h3 id={`${codeId}-heading`} className="font-semibold text-slate-900">
          Invitation code
        </h3>
        <p className="text-slate-700">
          A one-time code lets the patient choose a password and sign in to the mobile app. It works once, for 7 days; a new code replaces the previous one.
        </p>
        {canEdit && (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300 text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600"
                checked={sendEmail && hasEmail}
                disabled={!hasEmail}
                aria-describedby={hasEmail ? undefined : emailHintId}
                onChange={(event) => setSendEmail(event.target.checked)}
              />
              E-mail the code to the patient
            </label>
            <Button variant="primary" onClick={() => invitation.create(sendEmail && hasEmail)} disabled={invitation.creating}>
              {invitation.creating ? 'Creating…' : code ? 'Create a new code' : 'Create code'}
            </Button>
            {!hasEmail && (
              <p id={emailHintId} className="w-full text-xs text-slate-600">
                The patient has no e-mail address: give them the code, or add an address to their profile to e-mail it.
              </p>
            )}
          </div>
        )}
        <div aria-live="polite">
          {code && (
            <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3">
              <label htmlFor={codeId} className="block font-medium text-slate-900">
                One-time code
              </label>
              <div className="flex flex-wrap items-center gap-2">
                <input
                  id={codeId}
                  readOnly
                  value={code.token}
                  onFocus={(event) => event.currentTarget.select()}
                  className={`${INPUT_CLASSES} min-w-0 flex-1 font-mono`}
                />
                <Button onClick={() => void invitation.copy()}>Copy code</Button>
              </div>
              <p className="text-slate-700">
                Valid until {formatDateTime(code.expires_at, timeZone)}; it works once.{code.emailed ? ' It was also e-mailed to the patient.' : ''}
              </p>
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby={`${codeId}-rejection`} className="space-y-2 border-t border-slate-200 pt-4">
        <h3 id={`${codeId}-rejection`} className="font-semibold text-slate-900">
          Mobile app rejection
        </h3>
        <Field className="flex items-start gap-3" disabled={!canEdit || invitation.savingRejection}>
          <Switch checked={rejectedOn !== null} onChange={invitation.setRejected} className={`${SWITCH_CLASSES} mt-0.5`}>
            <span className="pointer-events-none inline-block size-4 translate-x-0.5 translate-y-0.5 rounded-full bg-white shadow transition group-data-[checked]:translate-x-4" />
          </Switch>
          <div>
            <Label className="font-medium text-slate-900">{MOBILE_INVITE_TEXTS.rejected}</Label>
            <Description className="text-slate-600">
              {rejectedOn ? `Since ${formatDate(rejectedOn, timeZone)}` : 'The patient has not declined the mobile app.'}
            </Description>
          </div>
        </Field>
      </section>
    </div>
  );
}
