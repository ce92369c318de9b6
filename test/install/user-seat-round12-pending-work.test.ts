// A false green a user met in round 13's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. An assertion in the
// callback of a child process or an HTTP request the step did not await was dropped at exit, and the
// requirement was verified, where the same assertion in a late timer made it untested.
import t from 'tap';
import { userProject } from '../support/installed.js';

const SPEC = `### Requirement: Health
The service SHALL answer 503 while warming up.

#### Scenario: warming up
- **WHEN** the service starts
- **THEN** the health check fails
`;
const steps = (then: string) => `import assert from 'node:assert/strict';
import http from 'node:http';
import { execFile } from 'node:child_process';
import { When, Then } from 'spec-run/steps';
When('the service starts', function () {});
Then('the health check fails', ${then});
`;

t.test('an assertion waiting on a child process or an HTTP request not awaited leaves its requirement untested, not verified', async (t) => {
  const project = userProject({
    'specs/health.spec.md': SPEC,
    'server.mjs': "import http from 'node:http';\nhttp.createServer((req, res) => setTimeout(() => res.end('ok'), 10000)).listen(0, function () { console.log(this.address().port); });\n",
    'steps.mjs': steps("function () { execFile('sleep', ['20'], () => assert.fail('the health check passed')); }"),
  });
  const child = await project.specRun(['specs/', '--require-verified']);
  t.equal(child.code, 1, '--require-verified fails', { stdout: child.stdout });
  t.match(child.stdout, /ok \d+ - scenario "warming up" \(specs\/health\.spec\.md:4\), its step '[^']+' \(specs\/health\.spec\.md:\d+\): a child process not waited for # SKIP .*left a child process \(sleep 20\) running/);
  t.match(child.stderr, /requirements: 0 verified, 0 failing, 1 untested/);

  project.write({
    'steps.mjs': steps(`async function () {
  const { spawn } = await import('node:child_process');
  const server = spawn('node', ['server.mjs']);
  const port = await new Promise((resolve) => server.stdout.once('data', (d) => resolve(String(d).trim())));
  http.get('http://127.0.0.1:' + port + '/health', (res) => assert.equal(res.statusCode, 503));
}`),
  });
  const request = await project.specRun(['specs/', '--require-verified']);
  t.equal(request.code, 1, '--require-verified fails', { stdout: request.stdout });
  t.match(request.stdout, /: an HTTP request not waited for # SKIP .*left an HTTP request \(GET 127\.0\.0\.1\/health\) running/);
  t.match(request.stderr, /requirements: 0 verified, 0 failing, 1 untested/);

  project.write({ 'steps.mjs': steps("function () { return new Promise((resolve) => execFile('true', [], () => resolve())); }") });
  const awaited = await project.specRun(['specs/', '--require-verified']);
  t.equal(awaited.code, 0, 'awaited, the same work verifies its requirement', { stdout: awaited.stdout });
  t.notMatch(awaited.stdout, /not waited for/);
});
