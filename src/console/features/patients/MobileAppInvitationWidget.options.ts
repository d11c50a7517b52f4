/** The options of the mobile_app_invitation widget (MobileAppInvitationWidget.tsx), apart from it so that the registry holds them without its code. */
export const mobileAppInvitationOptions = {
  type: 'object',
  properties: {
    editWhen: { type: 'object' },
  },
  additionalProperties: false,
} as const;
