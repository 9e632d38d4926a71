// One schema for PGlite and PostgreSQL. Each area keeps its tables in its own file.
export * from './accounts.js';
