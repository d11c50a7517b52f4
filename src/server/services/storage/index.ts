import { join } from 'node:path';
import type { Config } from '../../config';
import { databaseStorage, directoryStorage, s3Storage, type FileStorage } from './fileStorage';

/**
 * The storage of this server (README.md here): the bucket of FILE_STORAGE=s3; else, on PostgreSQL,
 * the database; else, with the embedded database keeping its files in DATA_DIR, DATA_DIR/files; and
 * the database for an embedded database in memory (the tests).
 */
export function fileStorageFor(config: Pick<Config, 's3' | 'databaseUrl' | 'dataDir'>): FileStorage {
  if (config.s3) return s3Storage(config.s3);
  if (!config.databaseUrl && config.dataDir) return directoryStorage(join(config.dataDir, 'files'));
  return databaseStorage;
}
