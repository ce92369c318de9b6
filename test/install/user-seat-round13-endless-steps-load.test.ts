// A hang a user met in round 16's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. With a steps
// file whose top level loops for ever, `check`, `--list`, `steps` and `snippets` waited about
// a minute for the watchdog to kill them (exit 137, nothing on stdout). They now try the
// file off their thread first, as the editor does, and report it at its file:line.
import t from 'tap';
import { userProject } from '../support/installed.js';

const SPEC = `### Requirement: Good
The thing SHALL work.

#### Scenario: One
- **GIVEN** a number 1
`;

t.test('check, --list, steps and snippets report a steps file whose top level never returns, and end', async (t) => {
  const project = userProject({
    'specs/good.spec.md': SPEC,
    'steps/basic.steps.mjs': `import { Given } from 'spec-run/steps';\nGiven('a number {int}', function (n) {});\n`,
    'steps/loop.steps.mjs': `import { Given } from 'spec-run/steps';\nGiven('zzz', function () {});\nwhile (true) {}\n`,
  });
  // The probe's limit set short (SPEC_RUN_STEPS_PROBE_LIMIT): each command would wait its default 10 s (round14's dry run keeps that one).
  const env = { SPEC_RUN_STEPS_PROBE_LIMIT: '4s' };
  const said = /steps\/loop\.steps\.mjs:1(?::1: error:|\s+error:|:) the top level of steps file steps\/loop\.steps\.mjs did not return within 4 s \(an endless synchronous loop\?\)/;
  for (const [args, status] of [[['check', 'specs/'], 1], [['--list', 'specs/'], 1], [['steps', 'specs/'], 1], [['snippets', 'specs/'], 0]] as const) {
    const started = Date.now();
    const run = await project.specRun([...args], { env });
    t.ok(Date.now() - started < 40_000, `${args[0]} ends in seconds, not at the watchdog's minute`);
    t.equal(run.signal, null, `${args[0]} is not killed`);
    t.equal(run.code, status, `${args[0]} exits ${status}`, { stderr: run.stderr });
    if (args[0] !== 'snippets') t.match(run.stdout + run.stderr, said, `${args[0]} names the file`);
    if (args[0] === 'check') t.match(run.stdout + run.stderr, /1 documents checked: 1 errors, \d+ warnings/, 'check prints its counts');
  }
});
