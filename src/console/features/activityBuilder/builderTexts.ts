import { ACTIVITY_TEXTS } from '../../../domain/clinicalActivities';

/**
 * The builders' texts (spec 002 sections 5 and 8). The spec's are the domain's, word for word
 * (ACTIVITY_TEXTS); the others are ours: the spec says toasts exist for each template save, clone
 * and promote without giving their words.
 */
export const BUILDER_TEXTS = {
  keyRule: ACTIVITY_TEXTS.keyRule,
  cloneError: ACTIVITY_TEXTS.cloneError,
  promoteError: ACTIVITY_TEXTS.promoteError,
  saveActivityError: ACTIVITY_TEXTS.saveActivityError,
  createActivityError: ACTIVITY_TEXTS.createActivityError,
  saveStepError: ACTIVITY_TEXTS.saveStepError,
  deleteError: ACTIVITY_TEXTS.deleteError,
  /** The hint under a key field (its error is the spec's keyRule). */
  keyHint: 'Lowercase letters, digits and underscores, e.g. short_of_breath',
  required: 'Required',
  atLeastZero: 'Must be 0 or more',
  atLeastOne: 'Must be 1 or more',
  wholeNumber: 'Must be a whole number',
  // Ours: the step template's own words for clone and promote, which the spec words for activities only.
  stepCloneError: 'Error cloning step template',
  stepPromoteError: 'Error promoting step template',
  activityCreated: 'Activity template created',
  activitySaved: 'Activity template saved',
  activityCloned: 'Activity template cloned: the new draft is open',
  activityPromoted: 'Activity template published',
  activityEnabled: 'Activity template enabled',
  activityDisabled: 'Activity template disabled',
  stepCreated: 'Step template created',
  stepSaved: 'Step template saved',
  stepCloned: 'Step template cloned: the new draft is open',
  stepPromoted: 'Step template published',
  fixErrors: 'Please correct the marked fields before saving',
  saveFirst: 'Save your changes first',
  publishedReadOnly: 'This version is published and never changes. Clone it to make a new draft.',
  noMonitoringTypes: 'With none selected, a note type is the default',
  allClinicians: 'None selected: every clinician type may run it',
  notInBuilder: 'Not offered in the builder',
  outputUnsaved: 'Save the template first: the output is worked out by the server from the saved template.',
  outputStale: 'The output is of the saved version: save to include your latest changes.',
  noNotes: 'These answers write no notes.',
} as const;
