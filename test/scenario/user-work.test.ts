// The work step code starts and does not await, of every kind Node holds the process for
// (a thread-pool job, an fs or dns request, a zlib chunk, a handle): one that calls back within
// the wait is waited for and what its callback throws fails its requirement in the report; a
// handle still open after the wait is a skipped point of its requirement, named; work awaited
// in its step leaves nothing behind.
import t from 'tap';
import type { RunEvent } from '../../src/model/events.js';
import { project, runIn } from './user-project.js';

/** Each kind, as a chain of its work that runs CHECK from a callback of it once about MS have passed. */
const KINDS: Record<string, string> = {
  'crypto.pbkdf2': "crypto.pbkdf2('a', 'b', 1000, 32, 'sha256', next);",
  'crypto.scrypt': "crypto.scrypt('a', 'b', 32, next);",
  'fs.readFile': "fs.readFile('steps.mjs', next);",
  'fs.promises.stat': "fs.promises.stat('steps.mjs').then(() => next());",
  'zlib.gzip': "zlib.gzip(Buffer.alloc(10000), next);",
  'dns.lookup': "dns.lookup('localhost', next);",
};

const STEPS = `import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { When, Then } from 'spec-run/steps';
const kinds = {
${Object.entries(KINDS).map(([kind, code]) => `  ${JSON.stringify(kind)}: (next) => { ${code} },`).join('\n')}
};
When('a check waits on {string} for {int} ms', function (kind, ms) {
  const end = Date.now() + ms;
  const next = () => (Date.now() >= end ? assert.fail(kind + ' check failed') : kinds[kind](next));
  kinds[kind](next);
});
When('a server is left listening', function () { http.createServer().listen(0); });
When('every kind of work is awaited', async function () {
  await promisify(crypto.pbkdf2)('a', 'b', 1000, 32, 'sha256');
  await promisify(zlib.gzip)(Buffer.alloc(100000));
  await fs.promises.readFile('steps.mjs');
  await fs.promises.open('steps.mjs');
  crypto.randomBytes(16);
  const server = http.createServer((request, response) => response.end('ok')).listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const url = 'http://127.0.0.1:' + server.address().port + '/';
  this.answer = await (await fetch(url)).text();
  await new Promise((resolve) => http.get(url, (response) => response.resume().on('end', resolve)));
  server.close();
  server.closeAllConnections();
});
Then('it was answered', function () { assert.equal(this.answer, 'ok'); });
`;

const scenario = (name: string, steps: string[]) => `### Requirement: ${name}\nIt SHALL be checked.\n\n#### Scenario: ${name}\n${steps.map((step) => `- ${step}\n`).join('')}\n`;

t.test('every kind of work step code leaves is waited for while it holds the process, and what its callback checks counts; a handle left open is an untested requirement', async (t) => {
  const dir = project({
    'work.spec.md':
      Object.keys(KINDS).map((kind) => scenario(kind, [`**WHEN** a check waits on "${kind}" for 1500 ms`])).join('') +
      scenario('Server', ['**WHEN** a server is left listening']) +
      scenario('Awaited', ['**WHEN** every kind of work is awaited', '**THEN** it was answered']),
    'steps.mjs': STEPS,
  });
  const run = await runIn(dir, ['work.spec.md', '--reporter', 'json']);
  t.equal(run.exitCode, 1);
  const end = run.events.find((e): e is Extract<RunEvent, { type: 'run-end' }> => e.type === 'run-end');
  const status = (name: string) => end?.requirements?.find((r) => r.id === `work.spec.md#${name}`)?.status;
  for (const kind of Object.keys(KINDS)) {
    t.equal(status(kind), 'failing', `${kind}: waited for, the failure of its callback counted in its requirement`);
    t.match(run.points.filter((p) => !p.ok && p.name.startsWith(`scenario "${kind}"`)).map((p) => p.diagnostics?.message), [`${kind} check failed`], `${kind}: one failing point in the report`);
  }
  t.equal(status('Server'), 'untested', 'a server left listening: what its handlers would check did not run');
  t.match(run.points.find((p) => p.name.startsWith('scenario "Server"'))?.skip, /left an open handle \(TCPSERVERWRAP\) running/, 'named by what it is');
  t.equal(status('Awaited'), 'verified', 'work awaited in its step (a closed server, a kept-alive connection, a file handle, a synchronous job) is nothing left');
  t.notMatch(run.stderr, /after the run's report/, 'nothing came after the report');
});

t.test("what a scenario's own steps leave is named once, with the step that started it; what spec-run's own code does meanwhile is nobody's", async (t) => {
  const steps = `import { Worker } from 'node:worker_threads';
import { When } from 'spec-run/steps';
When('a worker is left running', function () {
  const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
  worker.on('message', () => {});
});
When('nothing is left', function () {});
`;
  const dir = project({
    // Its handle and its message port were two points, named by Node's class names.
    'worker.spec.md': scenario('Worker', ['**WHEN** a worker is left running']),
    // An undefined step makes spec-run load its built-in executor steps lazily, in the scenario, to say whether they would bind it.
    'lazy.spec.md': scenario('Lazy', ['**WHEN** nothing is left', '**WHEN** some step nobody defined']),
    'steps.mjs': steps,
  });
  const run = await runIn(dir, ['worker.spec.md', 'lazy.spec.md', '--reporter', 'json']);
  const left = run.points.filter((p) => p.name.endsWith('not waited for'));
  t.equal(left.length, 1, 'one point: the worker', { names: left.map((p) => p.name) });
  t.match(left[0], {
    name: `scenario "Worker" (worker.spec.md:4), its step 'WHEN a worker is left running' (worker.spec.md:5): a worker thread not waited for`,
    at: { file: 'worker.spec.md', line: 5 },
    skip: /left a worker thread \(thread \d+\) running when the run stopped waiting/,
  });
  t.notMatch(left[0].skip, /MESSAGEPORT|WORKER/, 'its handle and ports are its own, not named again');
  t.notOk(run.points.some((p) => p.name.startsWith('scenario "Lazy"') && p.name.endsWith('not waited for')), "spec-run's lazy load in that scenario left it nothing pending");
});
