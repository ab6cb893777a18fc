/**
 * The README's tour runs as written: every fenced block after a `<!-- tour -->` line is run by
 * bash (errexit, pipefail) against `svc serve` started as `npm start` starts it (no token, open to
 * this machine), from a fresh directory whose node_modules/.bin/svc links this build and is on
 * PATH, as `npm ci` and the README's `export PATH=...` leave a checkout. The one change made to the text is the port: the server listens on a free one,
 * so `localhost:8788` is rewritten and SVC_URL points the CLI at it.
 */
import t from 'tap';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, ROOT, startSvc } from '../helpers/process.js';

const README = join(ROOT, 'README.md');
const MAX_BYTES = 12 * 1024;

function tourBlocks(text: string): string[] {
  return [...text.matchAll(/^<!-- tour -->\n```sh\n([^]*?)\n```$/gm)].map((m) => m[1]!);
}

function bash(script: string, cwd: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn('bash', ['-c', `set -eo pipefail\n${script}`], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    p.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    p.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

t.test(`README.md stays at most ${MAX_BYTES} bytes (detail belongs in docs/)`, async (t) => {
  t.ok(statSync(README).size <= MAX_BYTES, `${statSync(README).size} bytes`);
});

t.test('the README tour runs as written against a started server', async (t) => {
  const blocks = tourBlocks(readFileSync(README, 'utf8'));
  t.ok(blocks.length >= 4, `${blocks.length} tour blocks`);
  const serve = await startSvc(t, ['serve'], {});
  const port = new URL(serve.url!).port;
  const dir = t.testdir({});
  mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
  symlinkSync(BIN, join(dir, 'node_modules/.bin/svc'));
  const env = {
    PATH: `${join(dir, 'node_modules/.bin')}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: process.env.HOME ?? '/tmp',
    SVC_URL: serve.url!,
  };

  const outputs: string[] = [];
  for (const [i, block] of blocks.entries()) {
    const res = await bash(block.replaceAll('localhost:8788', `127.0.0.1:${port}`), dir, env);
    t.equal(res.code, 0, `block ${i + 1} exits 0; stderr: ${res.stderr.slice(-800)}`);
    outputs.push(res.stdout);
    // A comment line holding JSON right after a command is that command's answer, shown to the reader.
    for (const shown of block.split('\n').filter((l) => l.startsWith('# {')))
      t.ok(res.stdout.includes(shown.slice(2)), `block ${i + 1} answers what the README shows: ${shown.slice(2, 80)}`);
  }
  const all = outputs.join('\n');
  t.match(all, /"ok"/, 'health');
  t.match(all, /\nrun run-\S+ completed \(1 step\)\n/, 'the minimal flow completed');
  t.match(all, /is waiting: human_gate at step ok/, 'hello parked on its gate');
  t.match(all, /answered yes as operator/);
  t.match(all, /\nrun run-\S+ completed \(2 steps\)\n/, 'hello completed once answered: two steps, the gate counted once');
  t.match(all, /\{"accepted":true,"runId":"run-wh-[^"]+"\}/);
  t.match(all, /\{"duplicate":true\}/);
  t.match(all, /svc_echo/);
});
