/** The check-in texts of spec 001 section 8, word for word. */
export const CHECK_IN_TEXTS = {
  checkedIn: 'Check-in successful',
  checkedOut: 'Check-out successful',
  alreadyCheckedIn: "You're already checked in",
  unknownError: 'An unknown error occurred',
  checkInFailed: 'Failed to save check-in: ',
  checkOutFailed: 'Failed to save check-out: ',
  locationRequired: 'Location access is required. Please enable location access and try again.',
  locationDenied: 'Location access denied. Please enable location services.',
  noGeolocation: 'Your browser does not support location services',
} as const;

/** Spec 001 sections 5 and 9: check-in and check-out are debounced 1 second. */
export const CHECK_IN_DEBOUNCE_MS = 1000;

/** Spec 000 section 7: GET attendances/ongoing is cached 5 minutes (a check-in or check-out reads it again at once). */
export const ONGOING_STALE_MS = 5 * 60 * 1000;
