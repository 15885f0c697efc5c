/**
 * A backup is one tar file, its entries in this order: the header (what made it), the database as
 * gzipped plain SQL, every stored file under files/<key>, and the manifest (row counts per table,
 * each file's size and SHA-256), which a restore checks what it restored against.
 */
export const BACKUP_FORMAT = 'valence-backup';
export const HEADER_ENTRY = 'valence-backup.json';
export const DATABASE_ENTRY = 'database.sql.gz';
export const FILES_PREFIX = 'files/';
export const MANIFEST_ENTRY = 'manifest.json';

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  storage: 'local' | 's3';
};

export type BackupManifest = {
  /** `schema.table` → rows, counted in the same snapshot as the dump. */
  tables: Record<string, number>;
  databaseSha256: string;
  /** `sha256` is null for objects left in an S3 bucket. */
  files: { key: string; size: number; sha256: string | null }[];
  note?: string;
};
