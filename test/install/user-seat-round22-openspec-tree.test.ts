// What a platform team found from a user's seat, through the installed package: a capability
// in a nested folder (openspec/specs/platform/health/spec.md, OpenSpec's <capability-path>)
// was refused with advice to merge it into specs/platform/spec.md, and its change's delta had
// no capability; a change OpenSpec's archive takes as already synced (an ADDED requirement the
// spec holds word for word, a RENAMED whose new name alone is there, a REMOVED one already
// gone) was refused; two active changes ADDing one requirement passed the run without a word,
// where only `check` warned. Now the nested capability runs and takes its delta, the synced
// change passes with a warning, and the run says the meeting as check does.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
const routes = { '/health': { status: 200, body: 'ok' }, '/version': { status: 200, body: '1.2.3' }, '/users': { status: 200, body: '[]' } };
When('a client requests {string}', function (path) { this.res = routes[path] ?? { status: 404, body: 'not found' }; });
Then('the status SHALL be {int}', function (code) { assert.equal(this.res.status, code); });
Then('the body SHALL contain {string}', function (s) { assert.ok(this.res.body.includes(s)); });
`;

const VERSION = `### Requirement: Version endpoint
The service SHALL answer GET /version with status 200.

#### Scenario: Version is served
- **WHEN** a client requests "/version"
- **THEN** the status SHALL be 200
`;

const HEALTH = `# Health Specification

## Purpose
The service reports its health.

## Requirements

### Requirement: Health endpoint
The service SHALL answer GET /health with status 200.

#### Scenario: Healthy service
- **WHEN** a client requests "/health"
- **THEN** the status SHALL be 200

#### Scenario: Body says ok
- **WHEN** a client requests "/health"
- **THEN** the body SHALL contain "ok"

${VERSION}`;

const readiness = (says: string) => `## ADDED Requirements

### Requirement: Readiness endpoint
The service SHALL answer GET /users ${says}.

#### Scenario: Ready
- **WHEN** a client requests "/users"
- **THEN** the status SHALL be 200
`;

const change = (name: string, capability: string, delta: string) => ({ [`openspec/changes/${name}/proposal.md`]: `# ${name}\n\n## Why\nA change.\n`, [`openspec/changes/${name}/specs/${capability}/spec.md`]: delta });

t.test('the installed CLI: a nested capability folder is a capability, its change applies to it; a file beside it holding requirements is still refused', async (t) => {
  const project = userProject({ 'steps/http.steps.mjs': STEPS, 'openspec/specs/platform/health/spec.md': HEALTH });
  const tree = await project.specRun(['openspec', '--require-verified', '--reporter', 'tap'], { env: { CI: 'true' } });
  t.equal(tree.code, 0, tree.stdout + tree.stderr);
  t.match(tree.stdout, /# Subtest: platform\/health \(openspec\/specs\/platform\/health\/spec\.md\)/);
  t.notMatch(tree.stdout + tree.stderr, /OpenSpec reads a capability's requirements only/);

  project.write(change('c1', 'platform/health', readiness('when ready')));
  const check = await project.specRun(['check', 'openspec']);
  t.equal(check.code, 0, check.stdout);
  t.match(check.stderr, /0 errors, 0 warnings/);
  const proposalAlone = await project.specRun(['check', 'openspec/changes/c1/proposal.md']);
  t.notMatch(proposalAlone.stdout, /has no delta/, "the change's nested delta is its delta");
  const applied = await project.specRun(['openspec', '--change', 'c1', '--require-verified', '--reporter', 'tap'], { env: { CI: 'true' } });
  t.equal(applied.code, 0, applied.stdout + applied.stderr);
  t.match(applied.stdout, /ok \d+ - Readiness endpoint \/ Ready/);
  t.match(applied.stdout, /platform\/health \(after change c1\)/);

  // The neighbouring case: requirements in a file OpenSpec does not read, beside the nested spec.
  project.write({ 'openspec/specs/platform/health/notes.md': HEALTH });
  const misplaced = await project.specRun(['check', 'openspec']);
  t.equal(misplaced.code, 1);
  t.match(misplaced.stdout, /openspec\/specs\/platform\/health\/notes\.md:1:1: error: OpenSpec reads a capability's requirements only from .*: move them to specs\/platform\/health\/spec\.md/);
});

t.test("the installed CLI: operations OpenSpec's archive takes as already synced pass check, the tree and --change with a warning; an ADDED requirement written otherwise and a name slip stay refused", async (t) => {
  for (const [name, delta, line, warning] of [
    ['added', `## ADDED Requirements\n\n${VERSION}`, 3, String.raw`ADDED requirement 'Version endpoint' is in openspec/specs/health/spec\.md already, word for word`],
    ['renamed', '## RENAMED Requirements\n- FROM: `### Requirement: Status endpoint`\n- TO: `### Requirement: Version endpoint`\n', 2, String.raw`RENAMED requirement 'Status endpoint' is not in openspec/specs/health/spec\.md, and 'Version endpoint' is`],
    ['removed', '## REMOVED Requirements\n\n### Requirement: Ping endpoint\n**Reason**: gone\n', 3, String.raw`REMOVED requirement 'Ping endpoint' is not in openspec/specs/health/spec\.md .*already removed`],
  ] as const) {
    const at = String.raw`openspec/changes/c1/specs/health/spec\.md:${line}`;
    const project = userProject({ 'steps/http.steps.mjs': STEPS, 'openspec/specs/health/spec.md': HEALTH, ...change('c1', 'health', delta) });
    const check = await project.specRun(['check', 'openspec']);
    t.equal(check.code, 0, `${name}: ${check.stdout}`);
    t.match(check.stdout, new RegExp(`${at}:1: warning: ${warning}`), `${name}: check warns`);
    for (const args of [['openspec'], ['openspec', '--change', 'c1']]) {
      const run = await project.specRun([...args, '--require-verified', '--reporter', 'tap'], { env: { CI: 'true' } });
      t.equal(run.code, 0, `${name}, ${args.join(' ')}: ${run.stdout}${run.stderr}`);
      t.match(run.stderr, new RegExp(`spec-run: warning: ${at}: ${warning}`), `${name}, ${args.join(' ')}: the run warns`);
    }
  }
  const differing = userProject({ 'steps/http.steps.mjs': STEPS, 'openspec/specs/health/spec.md': HEALTH, ...change('c1', 'health', `## ADDED Requirements\n\n${VERSION.replace('status 200', 'status 200 and JSON')}`) });
  const refused = await differing.specRun(['check', 'openspec']);
  t.equal(refused.code, 1);
  t.match(refused.stdout, /:3:1: error: ADDED requirement 'Version endpoint' is already in openspec\/specs\/health\/spec\.md: change it with MODIFIED/);
  t.equal((await differing.specRun(['openspec', '--change', 'c1'], { env: { CI: 'true' } })).code, 2, '--change refuses it');
  t.equal((await differing.specRun(['openspec'], { env: { CI: 'true' } })).code, 1, 'the tree fails it');
  const slip = userProject({ 'steps/http.steps.mjs': STEPS, 'openspec/specs/health/spec.md': HEALTH, ...change('c1', 'health', '## REMOVED Requirements\n\n### Requirement: version endpoint\n**Reason**: gone\n') });
  const slipped = await slip.specRun(['check', 'openspec']);
  t.equal(slipped.code, 1);
  t.match(slipped.stdout, /error: REMOVED requirement 'version endpoint' names no requirement .*it differs from 'Version endpoint' in case or spacing alone/);
});

t.test('the installed CLI: two active changes ADDing one requirement are warned of in the run itself, on stderr, as GitHub warnings and in JUnit; the run passes', async (t) => {
  const project = userProject({ 'steps/http.steps.mjs': STEPS, 'openspec/specs/health/spec.md': HEALTH, ...change('c1', 'health', readiness('when ready')), ...change('c2', 'health', readiness('once warm')) });
  const run = await project.specRun(['openspec', '--require-verified', '--reporter', 'tap', '--reporter', 'junit:junit.xml'], { env: { CI: 'true', GITHUB_ACTIONS: 'true' } });
  t.equal(run.code, 0, run.stdout + run.stderr);
  const junit = readFileSync(join(project.dir, 'junit.xml'), 'utf8');
  for (const [here, other] of [['c1', 'c2'], ['c2', 'c1']]) {
    const said = `requirement health#Readiness endpoint is ADDED here and ADDED by change '${other}' (openspec/changes/${other}/specs/health/spec.md:3)`;
    t.match(run.stderr, `spec-run: warning: openspec/changes/${here}/specs/health/spec.md:3: ${said}`, `${here}: stderr`);
    t.match(run.stderr, `::warning file=openspec/changes/${here}/specs/health/spec.md,line=3,title=spec-run::${said}`, `${here}: a GitHub warning at the line`);
    t.match(junit, `<property name="warning" value="openspec/changes/${here}/specs/health/spec.md:3: ${said}`, `${here}: a JUnit property`);
  }
  t.notMatch(run.stderr, /::error/, 'no error');
  // One change alone meets none.
  const alone = userProject({ 'steps/http.steps.mjs': STEPS, 'openspec/specs/health/spec.md': HEALTH, ...change('c1', 'health', readiness('when ready')) });
  const quiet = await alone.specRun(['openspec', '--require-verified', '--reporter', 'tap'], { env: { CI: 'true', GITHUB_ACTIONS: 'true' } });
  t.equal(quiet.code, 0, quiet.stderr);
  t.notMatch(quiet.stderr, /warning/);
});
