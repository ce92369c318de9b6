// A run with user steps ends when it should, whatever the steps leave behind: a server a
// step left listening held spec-run alive after its report (a CI job that never ends),
// and an interruption waited for the step running then to finish on its own.
import t from 'tap';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa } from 'execa';
import { cli, project, runIn } from './user-project.js';

const DOC = `# Server

### Requirement: Serving
The server SHALL start.

#### Scenario: Start
- **WHEN** the server starts
- **THEN** it SHALL listen
`;

t.test('a server a step left listening does not keep spec-run alive after its report', async (t) => {
  const steps = `import http from 'node:http';
import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('the server starts', function () { this.server = http.createServer(() => {}).listen(0); });
Then('it SHALL listen', function () { assert.ok(this.server.listening !== undefined); });
`;
  const started = Date.now();
  const result = await runIn(project({ 'doc.md': DOC, 'steps.mjs': steps }), ['--steps', 'steps.mjs', 'doc.md']);
  t.ok(Date.now() - started < 15_000, 'the run ends');
  t.equal(result.exitCode, 0, 'with the status of its results');
  t.match(result.stderr, /2 passed, 0 failed, 0 skipped, 0 todo\nspec-run: something still runs after the report \(a server or timer a step definition left\?\); exiting/);
});

t.test('an interruption ends the step running then at once: skipped as interrupted, exit 130', async (t) => {
  const steps = `import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { When, Then } from 'spec-run/steps';
When('the server starts', async function () { writeFileSync('started', ''); await sleep(60_000); });
Then('it SHALL listen', function () {});
`;
  const dir = project({ 'doc.md': DOC, 'steps.mjs': steps });
  const child = execa(process.execPath, [cli, '--steps', 'steps.mjs', 'doc.md', '--reporter', 'json'], { cwd: dir, reject: false });
  for (let i = 0; i < 300 && !existsSync(path.join(dir, 'started')); i++) await sleep(100);
  const interrupted = Date.now();
  child.kill('SIGINT');
  const result = await child;
  t.ok(Date.now() - interrupted < 15_000, `ended ${Date.now() - interrupted} ms after SIGINT, not when the step's minute was over`);
  t.equal(result.exitCode, 130);
  const points = result.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line)).filter((e) => e.type === 'point');
  t.match(points, [{ name: 'WHEN the server starts', ok: true, skip: /^run interrupted by SIGINT/ }]);
});
