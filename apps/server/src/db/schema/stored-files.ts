import { customType, index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The uploads' files when FILE_STORE=postgres (gateways/file-store/postgres.ts), so instances on
 * several machines read the same: each named as uploads.storedName, its bytes sealed as on disk.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    name: varchar({ length: 80 }).primaryKey(),
    bytes: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The daily cleanup looks for old files that no upload names.
  (t) => [index('stored_files_created_at_index').on(t.createdAt)],
);
