/**
 * The consent form a patient (or their guardian) signs electronically (spec 001, "E-sign"): its
 * title, its version (printed on the signed PDF and on its audit page, with the SHA-256 of the text)
 * and its text, plain paragraphs. A change of wording is a new version: the signed PDFs already
 * stored keep the version and text they were signed with.
 */
export const CONSENT_FORM_TITLE = 'Consent to Remote Patient Monitoring';
export const CONSENT_TEXT_VERSION = '1.0';

export const CONSENT_PARAGRAPHS: readonly string[] = [
  'Your care team offers you remote patient monitoring: medical devices (for example a blood pressure cuff, a pulse oximeter, a weight scale or a glucose meter) that you use at home and that send your readings to your care team, who review them between your visits.',
  'Devices. The devices are lent to you for as long as you take part. Use them as your care team shows you, keep them in a safe place, and return them when you stop taking part. Remote monitoring is not an emergency service: in an emergency, call 911 or your local emergency number.',
  'Use of your data. Your readings, the times they were taken, and what you and your care team record about them are kept in your medical record. They are used to provide your care, to contact you or your emergency contacts when a reading needs attention, and to bill for the monitoring services. They are shared only with the people involved in your care, with your insurer for billing, and as the law requires.',
  'Billing. Remote monitoring services are billed to your insurance (for example Medicare) each month in which you receive them. Depending on your coverage you may owe a co-payment, a co-insurance or a deductible for these services. Only one provider can bill for remote monitoring in a given month.',
  'Your right to withdraw. Taking part is your choice. You can withdraw your consent at any time by telling your care team; monitoring and its billing then stop from that day, and you return the devices. Withdrawing does not affect the rest of your care.',
  'By signing, you confirm that you have read this consent, that you could ask questions about it, and that you agree to receive remote patient monitoring services. If you sign on behalf of the patient, you confirm that you are their legal guardian or authorized representative.',
];

/** The consent text as signed and hashed: its paragraphs separated by blank lines. */
export const CONSENT_TEXT = CONSENT_PARAGRAPHS.join('\n\n');

/** The rules of an e-sign request (spec 001 section 5), worded as the spec says them. */
export const ESIGN_NO_PATIENT_EMAIL = 'Please make sure the patient has an email address in their profile.';
export const ESIGN_NO_EMERGENCY_CONTACT = 'No valid emergency contacts found';
export const ESIGN_GUARDIAN_EMAIL_REQUIRED = "Enter the guardian's e-mail address.";
export const ESIGN_ALREADY_PENDING = 'An e-sign request is already pending for this patient. Resend or rescind it.';
export const ESIGN_NOTHING_TO_RESCIND = 'No eSign request to rescind.';

/** How long a signing link works, in days. */
export const ESIGN_VALID_DAYS = 14;
