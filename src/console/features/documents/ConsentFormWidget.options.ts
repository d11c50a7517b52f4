/** The options of the consent_form widget (ConsentFormWidget.tsx), apart from it so that the registry holds them without its code. */
export const consentFormOptions = { type: 'object', properties: { uploadWhen: { type: 'object' } }, additionalProperties: false } as const;
