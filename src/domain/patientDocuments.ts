/**
 * Patient documents (spec 001 sections 2, 3, 5 and 9): what a document is, and the consent form's
 * upload rules. The server's checks and the console's upload share them.
 */
/** What may be uploaded, of the document types of migration 0027 (consent_form, data_export, other): data exports are built by the server. */
export const UPLOADABLE_DOCUMENT_TYPES = ['consent_form'] as const;

/** Spec 001 section 9: "Consent upload: maximum 10 MB PDF, single file." */
export const CONSENT_MAX_BYTES = 10 * 1024 * 1024;
export const CONSENT_TOO_LARGE = 'The consent form must be a PDF of at most 10 MB';
export const CONSENT_NOT_PDF = 'The consent form must be a PDF file';
export const ONE_FILE_ONLY = 'Upload one file';
export const NO_FILE = 'A file is required';
