import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HttpError } from '../../src/server/errors';
import { directoryStorage, loadFile, s3Storage, saveFile } from '../../src/server/services/storage/fileStorage';
import { fileStorageFor } from '../../src/server/services/storage';
import { createTestApp, type TestApp } from './helpers/testApp';

/**
 * The file storages (services/storage/README.md): the database's (the tests' and PostgreSQL's
 * default), a directory (the embedded database's default with a data directory), and an S3-compatible
 * bucket, here a local stub that keeps objects in memory and records the requests, so that the real
 * implementation's requests (path-style URL, SigV4 authorization, the content type) are what is checked.
 */

let t: TestApp;
let s3: Server;
let endpoint = '';
const objects = new Map<string, Buffer>();
const requests: { method: string; url: string; authorization: string; contentType: string }[] = [];

const body = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
  });

beforeAll(async () => {
  t = await createTestApp();
  s3 = createServer((request, response) => {
    void (async () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: String(request.headers.authorization ?? ''),
        contentType: String(request.headers['content-type'] ?? ''),
      });
      if (request.url?.includes('fail')) return void response.writeHead(500).end();
      if (request.method === 'PUT') {
        objects.set(request.url ?? '', await body(request));
        return void response.writeHead(200).end();
      }
      const object = objects.get(request.url ?? '');
      if (!object) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(object);
    })();
  });
  await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(s3.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => s3.close(resolve));
});

const file = (text: string) => ({ bytes: Buffer.from(text), contentType: 'application/pdf', fileName: 'a.pdf', tenantId: null, createdBy: null });

describe('which storage a server uses', () => {
  test('the bucket when configured; the data directory with the embedded database; else the database', () => {
    const bucket = { endpoint, bucket: 'b', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's' };
    expect(fileStorageFor({ s3: bucket, databaseUrl: undefined, dataDir: '/tmp/x' }).kind).toBe('s3');
    expect(fileStorageFor({ s3: undefined, databaseUrl: undefined, dataDir: '/tmp/x' }).kind).toBe('file');
    expect(fileStorageFor({ s3: undefined, databaseUrl: 'postgres://db/x', dataDir: '/tmp/x' }).kind).toBe('database');
    expect(fileStorageFor({ s3: undefined, databaseUrl: undefined, dataDir: undefined }).kind).toBe('database');
  });
});

describe('the storages keep the bytes and the record, and check the digest', () => {
  test('database: the bytes in the row', async () => {
    const id = await saveFile(t.app.db, t.app.fileStorage, file('in the row'));
    const row = await t.app.db.selectFrom('stored_files').select(['storage', 'object_key', 'size_bytes']).where('id', '=', id).executeTakeFirstOrThrow();
    expect({ ...row, size_bytes: Number(row.size_bytes) }).toEqual({ storage: 'database', object_key: null, size_bytes: 10 });
    expect((await loadFile(t.app.db, t.app.fileStorage, id))?.bytes.toString()).toBe('in the row');
    expect(await loadFile(t.app.db, t.app.fileStorage, 987_654)).toBeUndefined();
  });

  test('a directory: a file of its own under a generated key; a tampered file fails its digest', async () => {
    const root = await mkdtemp(join(tmpdir(), 'files-'));
    try {
      const storage = directoryStorage(root);
      const id = await saveFile(t.app.db, storage, file('on disk'));
      const row = await t.app.db.selectFrom('stored_files').select(['storage', 'object_key', 'content']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.storage).toBe('file');
      expect(row.content).toBeNull();
      expect((await loadFile(t.app.db, storage, id))?.bytes.toString()).toBe('on disk');
      const [day] = await readdir(root);
      expect(await readdir(join(root, day!))).toHaveLength(1);
      await t.app.db.updateTable('stored_files').set({ object_key: '../../etc/passwd' }).where('id', '=', id).execute();
      await expect(loadFile(t.app.db, storage, id)).rejects.toThrow(/left the storage directory/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  test('S3: a signed PUT and GET of a path-style object; the bytes come back; a failure is a 502', async () => {
    const storage = s3Storage({ endpoint, bucket: 'consents', region: 'eu-west-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' });
    const id = await saveFile(t.app.db, storage, file('in the bucket'));
    const row = await t.app.db.selectFrom('stored_files').select(['storage', 'object_key', 'content']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ storage: 's3', content: null });
    expect(row.object_key).toMatch(/^files\/\d{4}-\d{2}-\d{2}\/[0-9a-f-]{36}$/);
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.url).toBe(`/consents/${row.object_key}`);
    expect(put.contentType).toBe('application/pdf');
    expect(put.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/,
    );
    expect((await loadFile(t.app.db, storage, id))?.bytes.toString()).toBe('in the bucket');
    expect(requests.at(-1)).toMatchObject({ method: 'GET', url: `/consents/${row.object_key}` });
    const failing = s3Storage({ endpoint: `${endpoint}/fail`, bucket: 'b', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's' });
    const error = await failing.put(Buffer.from('x'), 'application/pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(502);
  });
});
