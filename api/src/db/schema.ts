// Every table, for Drizzle and drizzle-kit. The core tables and the scheduling tables live in files of their own
// (scheduling-schema.ts reads core-schema.ts, never this file, so the two do not import each other).
export * from './core-schema';
export * from './scheduling-schema';
export * from './clinicians-schema';
export * from './orientations-schema';
export * from './feedback-schema';
export * from './evv-schema';
export * from './provider-notes-schema';
export * from './notes-schema';
export * from './billing-schema';
export * from './notifications-schema';
export * from './non-coverages-schema';
export * from './surveys-schema';
export * from './saved-reports-schema';
export * from './candidate-page-views-schema';
export * from './messaging-schema';
export * from './tasks-schema';
export * from './telehealth-schema';
