import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { HttpError } from '../../errors';

/**
 * Where the product keeps files (consent forms, data-export archives, generated reports; README.md
 * here). Every file is a row of `stored_files` (what it is, its size and SHA-256, who stored it); its
 * bytes live in that row on PostgreSQL (nothing to configure, shared by every replica that shares the
 * database), under the data directory with the embedded database, or in an S3-compatible bucket set
 * by the environment (FILE_STORAGE=s3 with S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID,
 * S3_SECRET_ACCESS_KEY).
 */
export interface FileStorage {
  readonly kind: 'database' | 'file' | 's3';
  /** Stores the bytes; answers where they are (the S3 object key), or nothing when they go in the row. */
  put(bytes: Buffer, contentType: string): Promise<{ objectKey: string | null }>;
  /** The bytes of an object stored by `put` (S3 only: the database storage reads the row). */
  get(objectKey: string): Promise<Buffer>;
  /** Removes an object stored by `put` (offboarding); one already gone is no error. */
  remove(objectKey: string): Promise<void>;
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The built-in storage: the bytes in the stored_files row. */
export const databaseStorage: FileStorage = {
  kind: 'database',
  put: async () => ({ objectKey: null }),
  get: () => Promise.reject(new Error('database files are read from their row')),
  remove: async () => {},
};

/**
 * Files under a directory (the embedded database's default: DATA_DIR/files). PGlite runs inside the
 * server's process, so bytes kept in it would be copied through its WebAssembly memory (hundreds of MB
 * for a 10 MB upload, measured); one process serves the embedded database, so a directory is shared
 * by all it serves. Keys are generated, never taken from a request.
 */
export function directoryStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error('a stored file key left the storage directory');
    return path;
  };
  return {
    kind: 'file',
    async put(bytes) {
      const objectKey = join(new Date().toISOString().slice(0, 10), randomUUID());
      const path = pathOf(objectKey);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes, { flag: 'wx', mode: 0o600 });
      return { objectKey };
    },
    get: (objectKey) => readFile(pathOf(objectKey)),
    remove: (objectKey) => rm(pathOf(objectKey), { force: true }),
  };
}

/** An S3-compatible bucket (AWS S3, MinIO, R2 ...), path-style, requests signed with SigV4 (aws4fetch). */
export function s3Storage(settings: S3Settings, fetchImpl: typeof fetch = fetch): FileStorage {
  const client = new AwsClient({ accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, region: settings.region, service: 's3' });
  const url = (key: string) => `${settings.endpoint.replace(/\/$/, '')}/${encodeURIComponent(settings.bucket)}/${key}`;
  const send = async (request: Request) => {
    const signed = await client.sign(request);
    let response: Response;
    try {
      response = await fetchImpl(signed);
    } catch {
      throw new HttpError(502, 'The file storage could not be reached');
    }
    if (!response.ok) throw new HttpError(502, `The file storage answered ${String(response.status)}`);
    return response;
  };
  return {
    kind: 's3',
    async put(bytes, contentType) {
      const objectKey = `files/${new Date().toISOString().slice(0, 10)}/${randomUUID()}`;
      await send(new Request(url(objectKey), { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': contentType } }));
      return { objectKey };
    },
    async get(objectKey) {
      const response = await send(new Request(url(objectKey), { method: 'GET' }));
      return Buffer.from(await response.arrayBuffer());
    },
    async remove(objectKey) {
      // S3 answers 204 whether or not the object existed.
      await send(new Request(url(objectKey), { method: 'DELETE' }));
    },
  };
}

export interface NewFile {
  bytes: Buffer;
  contentType: string;
  fileName: string | null;
  tenantId: number | null;
  createdBy: number | null;
}

export interface StoredFile {
  id: number;
  bytes: Buffer;
  contentType: string;
  fileName: string | null;
  size: number;
  sha256: string;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Stores a file and records it; answers its id. Pass the transaction of the write it belongs to. */
export async function saveFile(db: Kysely<DB>, storage: FileStorage, file: NewFile): Promise<number> {
  const { objectKey } = await storage.put(file.bytes, file.contentType);
  const row = await db
    .insertInto('stored_files')
    .values({
      tenant_id: file.tenantId,
      storage: storage.kind,
      object_key: objectKey,
      content: storage.kind === 'database' ? file.bytes : null,
      content_type: file.contentType,
      size_bytes: file.bytes.length,
      sha256: sha256(file.bytes),
      file_name: file.fileName,
      created_by: file.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A stored file with its bytes, checked against the digest recorded when it was stored; undefined when there is none. */
export async function loadFile(db: Kysely<DB>, storage: FileStorage, id: number): Promise<StoredFile | undefined> {
  const row = await db
    .selectFrom('stored_files')
    .select(['id', 'storage', 'object_key', 'content', 'content_type', 'size_bytes', 'sha256', 'file_name'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const bytes = row.storage === 'database' ? Buffer.from(row.content ?? []) : await storage.get(row.object_key ?? '');
  if (sha256(bytes) !== row.sha256) throw new HttpError(500, 'A stored file does not match its digest');
  return { id: Number(row.id), bytes, contentType: row.content_type, fileName: row.file_name, size: Number(row.size_bytes), sha256: row.sha256 };
}
