import { ConfigError, type ServerConfig } from '../../config.js';
import type { FileStore } from '../../domain/ports.js';
import { createDiskFileStore, uploadsDir } from './disk.js';
import { createPostgresFileStore, type SqlQuery } from './postgres.js';

export type { SqlQuery } from './postgres.js';

/** The uploads' store by FILE_STORE: DATA_DIR/uploads, or PostgreSQL through the database's query. */
export function createFileStore(
  config: Pick<ServerConfig, 'fileStore' | 'dataDir'>,
  query: SqlQuery | undefined,
): FileStore {
  if (config.fileStore === 'disk') return createDiskFileStore(uploadsDir(config.dataDir));
  if (!query)
    throw new ConfigError('FILE_STORE=postgres: no database connection to store files in');
  return createPostgresFileStore(query);
}
