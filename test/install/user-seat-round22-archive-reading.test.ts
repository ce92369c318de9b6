// Round 22 from a user's seat (spec-run packed, installed into a fresh project outside the
// repository): check, a run of the tree and --change passed changes OpenSpec's archive
// refuses or loses something by, because spec-run read markdown's rendering where OpenSpec
// reads the lines as written: a MODIFIED requirement named without the backticks (or the
// closing `###`) of its heading, a scenario name without its backticks, a requirement
// under `## Notes` or in a spec with no `## Requirements`, a `#### Notes` left out. Each is
// an error at the delta now; the change naming the requirement as written, keeping what it
// has, passes.
import t from 'tap';
import { userProject } from '../support/installed.js';

const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
const routes = { '/health': { status: 200, body: 'ok' }, '/version': { status: 200, body: '1.0' } };
When('a client requests {string}', function (path) { this.res = routes[path] ?? { status: 404, body: '' }; });
Then('the status SHALL be {int}', function (code) { assert.equal(this.res.status, code); });
Then('the body SHALL contain {string}', function (text) { assert.ok(this.res.body.includes(text)); });
`;
const scenario = (name: string, then: string, path = '/health') => `#### Scenario: ${name}\n- **WHEN** a client requests "${path}"\n- **THEN** ${then}\n`;
const health = (name: string, ok = 'Body says ok', extra = '') =>
  `### Requirement: ${name}\nThe service SHALL answer GET /health with status 200.\n\n${scenario('Healthy service', 'the status SHALL be 200')}\n${scenario(ok, 'the body SHALL contain "ok"')}${extra}`;
const VERSION = `### Requirement: Version endpoint\nThe service SHALL answer GET /version with status 200.\n\n${scenario('Version is served', 'the status SHALL be 200', '/version')}`;
const spec = (body: string) => `# Health Specification\n\n## Purpose\nThe service reports its health.\n\n${body}`;
const modified = (body: string) => `## MODIFIED Requirements\n\n${body}`;
const NOTES = '\n#### Notes\nThe body is plain text.\n';

/** check, the tree's run and --change of change c1, with SPEC and DELTA: their exit codes and check's output. */
async function judged(specText: string, delta: string) {
  const project = userProject({ 'steps/http.steps.mjs': STEPS, 'openspec/specs/health/spec.md': specText, 'openspec/changes/c1/proposal.md': '# c1\n', 'openspec/changes/c1/specs/health/spec.md': delta });
  const check = await project.specRun(['check', 'openspec']);
  const tree = await project.specRun(['openspec', '--require-verified'], { env: { CI: 'true' } });
  const change = await project.specRun(['--change', 'c1', 'openspec', '--require-verified'], { env: { CI: 'true' } });
  return { check: check.code, tree: tree.code, change: change.code, said: check.stdout, changeSaid: change.stderr };
}

const CASES: [string, string, string, RegExp, string][] = [
  ['a MODIFIED name without the backticks of the heading', spec(`## Requirements\n\n${health('The `GET /health` endpoint')}`), modified(health('The GET /health endpoint')), /:3:1: error: MODIFIED requirement 'The GET \/health endpoint' names no requirement of [^\n]*'The `GET \/health` endpoint'/, modified(health('The `GET /health` endpoint'))],
  ["a MODIFIED name without the heading's closing ###", spec(`## Requirements\n\n${health('Health endpoint ###')}`), modified(health('Health endpoint')), /:3:1: error: MODIFIED requirement 'Health endpoint' names no requirement of [^\n]*'Health endpoint ###'/, modified(health('Health endpoint ###'))],
  ['a scenario name without its backticks', spec(`## Requirements\n\n${health('Health endpoint', 'Body says `ok`')}`), modified(health('Health endpoint')), /:3:1: error: MODIFIED requirement 'Health endpoint' leaves out scenario [^\n]*\('Body says `ok`'\)/, modified(health('Health endpoint', 'Body says `ok`'))],
  ['a level-4 section that is no Scenario left out', spec(`## Requirements\n\n${health('Health endpoint', 'Body says ok', NOTES)}\n${VERSION}`), modified(health('Health endpoint')), /:3:1: error: MODIFIED requirement 'Health endpoint' leaves out scenario [^\n]*\('Notes'\)/, modified(health('Health endpoint', 'Body says ok', NOTES))],
  ["a requirement under '## Notes'", spec(`## Requirements\n\n${health('Health endpoint')}\n## Notes\nSome notes.\n\n${VERSION}`), modified(VERSION), /:3:1: error: MODIFIED requirement 'Version endpoint' stands at line \d+ of openspec\/specs\/health\/spec\.md, where OpenSpec's archive does not read it: it stands under '## Notes'/, modified(health('Health endpoint'))],
];

for (const [what, specText, delta, refusal, fine] of CASES) {
  t.test(`${what}: check, the tree's run and --change refuse the change at the delta's line; the change written as OpenSpec reads the spec passes`, async (t) => {
    const refused = await judged(specText, delta);
    t.match(refused.said, refusal, 'check says why at the delta');
    t.same([refused.check, refused.tree, refused.change], [1, 1, 2], 'check and the run fail, --change refuses');
    t.match(refused.changeSaid, /cannot be applied as OpenSpec would apply it/);
    const accepted = await judged(specText, fine);
    t.notMatch(accepted.said, /error:/, 'no error for the change as OpenSpec reads it');
    t.same([accepted.tree, accepted.change], [0, 0], 'the run and --change pass');
  });
}

t.test("a spec without '## Requirements': check warns at each requirement, and a change of one is refused saying so", async (t) => {
  const refused = await judged(spec(`${health('Health endpoint')}\n${VERSION}`), modified(health('Health endpoint')));
  t.match(refused.said, /openspec\/specs\/health\/spec\.md:6:1: warning: requirement 'Health endpoint' is not read by OpenSpec[^\n]*the spec has no '## Requirements' section/);
  t.match(refused.said, /changes\/c1\/specs\/health\/spec\.md:3:1: error: MODIFIED requirement 'Health endpoint' stands at line 6 [^\n]*no '## Requirements' section/);
  t.same([refused.check, refused.tree, refused.change], [1, 1, 2]);
  const fine = await judged(spec(`## Requirements\n\n${health('Health endpoint')}\n${VERSION}`), modified(health('Health endpoint')));
  t.notMatch(fine.said, /warning: requirement 'Health endpoint' is not read|error:/, 'with the section: no warning, no error');
  t.same([fine.check, fine.tree, fine.change], [0, 0, 0]);
});
