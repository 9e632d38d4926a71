// One schema for PGlite and PostgreSQL. Each area keeps its tables in its own file.
export * from './accounts.js';
export * from './messages.js';
export * from './apply-archives.js';
export * from './apply-drafts.js';
export * from './content.js';
export * from './projects.js';
export * from './applications.js';
export * from './payments.js';
export * from './exams.js';
export * from './identity.js';
export * from './reviewers.js';
export * from './uploads.js';
export * from './stored-files.js';
export * from './scheduled-jobs.js';
export * from './consents.js';
export * from './audit.js';
export * from './score-reviews.js';
