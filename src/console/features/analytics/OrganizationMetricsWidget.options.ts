/** The options of the organization_metrics widget (OrganizationMetricsWidget.tsx), apart from it so that the registry holds them without its code. */
export const organizationMetricsOptions = { type: 'object', properties: { picker: { type: 'boolean' } }, additionalProperties: false } as const;
