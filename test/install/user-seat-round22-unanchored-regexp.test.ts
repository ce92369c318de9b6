// Round 22 from a user's seat (spec-run packed, installed into a fresh OpenSpec project outside
// the repository): a THEN bound by an unanchored regular expression that left "within 50 ms"
// unmatched passed, and its requirement counted as verified under --require-verified, with no
// word on stderr or in the CI annotations; only `check` warned. Words no definition matches are
// undefined words now: the step fails the run (strict), or is TODO (--no-strict), and its
// requirement is never verified. An anchored expression binding the same step as a whole stays
// a plain pass.
import t from 'tap';
import { userProject } from '../support/installed.js';

const steps = (then: string) => `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('a client requests {string}', function (path) { this.res = { status: path === '/users' ? 200 : 404, ms: 900 }; });
Then(${then}, function (code) { assert.equal(this.res.status, Number(code)); });
`;
const spec = (then: string) => `# Users Specification

## Purpose
Users.

## Requirements

### Requirement: List users
The service SHALL answer GET /users with status 200 within 50 ms.

#### Scenario: Users listed fast
- **WHEN** a client requests "/users"
- **THEN** ${then}
`;
const ci = { GITHUB_ACTIONS: 'true', CI: 'true' };

t.test('a THEN whose words an unanchored regular expression leaves unmatched is never a pass: it fails the run with an annotation, TODO with --no-strict, its requirement not verified', async (t) => {
  const project = userProject({ 'steps/http.steps.mjs': steps('/the status SHALL be (\\d+)/'), 'openspec/specs/users/spec.md': spec('the status SHALL be 200 within 50 ms') });
  const run = await project.specRun(['openspec', '--require-verified'], { env: ci });
  t.match(run.stdout, /^ {4,}not ok 2 - THEN the status SHALL be 200 within 50 ms$/m, 'the step is not a pass');
  t.match(run.stdout, /reason: 'words of the step no definition matches: its definition \(steps\/http\.steps\.mjs:4\) is the unanchored regular expression \/the status SHALL be \(\\d\+\)\/, which leaves "within 50 ms" of the step unmatched/);
  t.match(run.stderr, /^::error file=openspec\/specs\/users\/spec\.md,line=13,title=List users \/ Users listed fast::THEN the status SHALL be 200 within 50 ms%0A[^\n]*leaves \\"within 50 ms\\" of the step unmatched/m, 'an annotation at the step');
  t.match(run.stderr, /requirements: 0 verified, 1 failing, 0 untested/, 'the requirement is not verified');
  t.equal(run.code, 1);

  const relaxed = await project.specRun(['openspec', '--require-verified', '--no-strict'], { env: ci });
  t.match(relaxed.stdout, /not ok 2 - THEN the status SHALL be 200 within 50 ms # TODO step only partly matched/, '--no-strict: TODO, as an undefined step is');
  t.match(relaxed.stderr, /--require-verified: openspec\/specs\/users\/spec\.md#List users is partly undefined/, 'still not verified');
  t.equal(relaxed.code, 1);

  const check = await project.specRun(['check', 'openspec']);
  t.match(check.stdout, /^openspec\/specs\/users\/spec\.md:13:1: error: step 'the status SHALL be 200 within 50 ms': [^\n]*leaves "within 50 ms" of the step unmatched[^\n]*a run fails on it \(strict, the default; --no-strict makes it TODO\)$/m, 'check says what the run does');
  t.equal(check.code, 1);
});

t.test('the neighbours: an anchored expression matching the whole step, and an unanchored one leaving only punctuation, are plain passes and verify the requirement', async (t) => {
  const anchored = userProject({ 'steps/http.steps.mjs': steps('/^the status SHALL be (\\d+) within 50 ms$/'), 'openspec/specs/users/spec.md': spec('the status SHALL be 200 within 50 ms') });
  const run = await anchored.specRun(['openspec', '--require-verified'], { env: ci });
  t.match(run.stdout, /^ {4,}ok 2 - THEN the status SHALL be 200 within 50 ms$/m);
  t.match(run.stderr, /requirements: 1 verified, 0 failing, 0 untested/);
  t.notMatch(run.stderr, /::error/);
  t.equal(run.code, 0);
  const punctuation = userProject({ 'steps/http.steps.mjs': steps('/the status SHALL be (\\d+)/'), 'openspec/specs/users/spec.md': spec('the status SHALL be 200 (!)') });
  const bare = await punctuation.specRun(['openspec', '--require-verified'], { env: ci });
  t.match(bare.stdout, /^ {4,}ok 2 - THEN the status SHALL be 200 \(!\)$/m, 'only punctuation left: a plain pass');
  t.equal(bare.code, 0);
  const check = await punctuation.specRun(['check', 'openspec']);
  t.notMatch(check.stdout, /unmatched/);
});
