/** Clinical activities (spec 001 sections 3-5; 002 sections 3-5, 9): see README.md. */
export * from './catalog';
export * from './eligibility';
export * from './notes';
export * from './runner';
export * from './templates';
export type * from './types';
