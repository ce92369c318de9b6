// A false green a user met in round 14, from a user's seat: spec-run packed, installed into a
// fresh project outside the repository, run through its bin. An assertion in the callback of
// thread-pool work a step started and did not await (crypto.pbkdf2, fs.readFile, zlib.gzip,
// dns.lookup) never ran before the run ended, and the requirement was verified.
import t from 'tap';
import { userProject } from '../support/installed.js';

const SPEC = `### Requirement: Hash
The stored hash SHALL match.

#### Scenario: hashing
- **WHEN** the password is hashed
- **THEN** the stored hash matches
`;
const steps = (then: string) => `import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { When, Then } from 'spec-run/steps';
When('the password is hashed', function () {});
Then('the stored hash matches', ${then});
`;

t.test('an assertion in the callback of work a step did not await is waited for and counted; awaited, the same work verifies its requirement', async (t) => {
  // Hashing rounds that take well over a second: past the moment the run used to end.
  const project = userProject({
    'specs/hash.spec.md': SPEC,
    'steps.mjs': steps(`function () {
  const end = Date.now() + 1500;
  const round = () => crypto.pbkdf2('secret', 'salt', 20000, 32, 'sha256', (error, key) => (Date.now() < end ? round() : fs.readFile('steps.mjs', () => assert.equal(key.length, 16, 'the hash matches'))));
  round();
}`),
  });
  const unawaited = await project.specRun(['specs/']);
  t.equal(unawaited.code, 1, 'the failing callback fails the run');
  t.match(unawaited.stdout, /not ok \d+ - scenario "hashing" \(specs\/hash\.spec\.md:4\): an error thrown after it ended[^]*the hash matches/, 'as a failing point of the report, naming its scenario');
  t.match(unawaited.stderr, /requirements: 0 verified, 1 failing, 0 untested/);

  project.write({ 'steps.mjs': steps("async function () { const key = await promisify(crypto.pbkdf2)('secret', 'salt', 1000, 32, 'sha256'); assert.equal(key.length, 32); }") });
  const awaited = await project.specRun(['specs/', '--require-verified']);
  t.equal(awaited.code, 0, 'awaited, the same work verifies its requirement', { stdout: awaited.stdout, stderr: awaited.stderr });
  t.notMatch(awaited.stdout, /not waited for/);
});
