// `npm run bench:upload`: the consent form's upload path (issue 16: "a 10 MB consent upload completes
// with the server's memory rising by less than 30 MB (streamed)"). Starts the real server as a process
// of its own on a fresh embedded database (the demo seed), signs in, uploads a 1 MB PDF once to warm
// it up (PDF.js loaded, pools open), then uploads a 10 MB PDF (the limit) three times while sampling
// the server process's resident memory (VmRSS, every 10 ms), and prints the rise over the memory just
// before each upload, the peak, and the time each upload took. With DATABASE_URL (an empty database:
// the demo seed is written there) the server runs on PostgreSQL and keeps files in the database.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { DEMO_PASSWORD } from '../../src/server/db/seed/seed';

const PORT = Number(process.env.BENCH_PORT ?? 3391);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = await mkdtemp(join(tmpdir(), 'bench-upload-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', APP_ENV: 'demo', DEMO: 'true' },
  stdio: 'ignore',
});

const rssOf = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

/** A valid PDF of about `megabytes` MB: a page of text with an uncompressed image stream of noise. */
function pdfOf(megabytes: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ compress: false });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text('Consent to remote patient monitoring.');
    // Padding the PDF syntax allows: a comment line repeated (kept as it is, since compress is off).
    const line = `% ${'x'.repeat(1000)}\n`;
    doc.text(' ');
    (doc as unknown as { _write(data: string): void })._write(line.repeat(Math.floor((megabytes * 1024 * 1024 - 4000) / line.length)));
    doc.end();
  });
}

try {
  for (let i = 0; i < 600; i++) {
    const health = await fetch(`${base}/api/health`).catch(() => undefined);
    if (health?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: 'clinician@northwind.demo.example', password: DEMO_PASSWORD, client_id: 'webapp' }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const patients = (await (await fetch(`${base}/api/patients?limit=1`, { headers: { authorization: `Bearer ${access_token}` } })).json()) as { id: number }[];
  const patientId = patients[0]!.id;
  const upload = async (bytes: Buffer) => {
    const form = new FormData();
    form.append('patient_id', String(patientId));
    form.append('document_type', 'consent_form');
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'consent.pdf');
    const started = performance.now();
    const answer = await fetch(`${base}/api/patient-documents/upload`, { method: 'POST', headers: { authorization: `Bearer ${access_token}` }, body: form });
    if (answer.status !== 201) throw new Error(`upload: ${answer.status} ${await answer.text()}`);
    return performance.now() - started;
  };
  await upload(await pdfOf(1));
  const big = await pdfOf(10 * 0.999);
  console.log(`| upload of ${(big.length / 1024 / 1024).toFixed(2)} MB | RSS before MB | peak MB | rise MB | ms |`);
  console.log('|---|---|---|---|---|');
  for (let run = 1; run <= 3; run++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = await rssOf(server.pid!);
    let peak = before;
    const sampler = setInterval(() => void rssOf(server.pid!).then((rss) => (peak = Math.max(peak, rss))), 10);
    const ms = await upload(big);
    await new Promise((resolve) => setTimeout(resolve, 50));
    clearInterval(sampler);
    console.log(`| run ${run} | ${before.toFixed(1)} | ${peak.toFixed(1)} | ${(peak - before).toFixed(1)} | ${ms.toFixed(0)} |`);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await rm(dataDir, { recursive: true, force: true });
}
