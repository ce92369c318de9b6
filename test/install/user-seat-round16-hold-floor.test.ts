// From a user's seat (spec-run packed, installed into a fresh project, run through its bin):
// code a passed step left behind (a timer looping without end) holds the main thread outside
// any step; spec-run ends the run once it has held it past the unit time limit, and never
// before 30 s unless SPEC_RUN_HOLD_FLOOR sets another floor. A value that is no duration is
// refused at once, naming the variable.
import t from 'tap';
import { userProject } from '../support/installed.js';

const files = {
  'specs/t.spec.md': '### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **GIVEN** a thing\n- **THEN** it works\n',
  'steps.mjs': "import { Given, Then } from 'spec-run/steps';\nGiven('a thing', function () { setTimeout(() => { while (true) {} }, 300); });\nThen('it works', function () { if (!this.scenario) throw new Error(); this.held = true; });\n",
};

t.test('SPEC_RUN_HOLD_FLOOR=3s: a timer a passed step left, looping, ends the run after about 3 s past a 2 s unit limit, saying so', async (t) => {
  const project = userProject(files);
  const started = Date.now();
  const run = await project.specRun(['specs/', '--timeout', '2s', '--reporter', 'tap'], { env: { SPEC_RUN_HOLD_FLOOR: '3s' } });
  const ms = Date.now() - started;
  t.equal(run.signal, 'SIGKILL', 'ended by the watchdog');
  t.match(run.stderr, /spec-run: code of the run outside any step \(a timer or an event handler a step left behind\?\) has held the main thread/);
  t.match(run.stdout, /^Bail out!/m, 'the TAP report on stdout is ended');
  // Held at least the floor given, not the 2 s unit limit; far from the default floor of 30 s.
  t.ok(ms >= 3000, `ended ${ms} ms after it started, not before the 3 s floor`);
  t.ok(ms < 20_000, `ended ${ms} ms after it started, not at the default floor of 30 s`);
});

t.test('a SPEC_RUN_HOLD_FLOOR that is no duration is a usage error naming it, before anything runs', async (t) => {
  const project = userProject(files);
  for (const value of ['soon', '0', '2 s']) {
    const run = await project.specRun(['specs/', '--reporter', 'tap'], { env: { SPEC_RUN_HOLD_FLOOR: value } });
    t.equal(run.code, 2, `'${value}': exit 2`);
    t.match(run.stderr, new RegExp(`^spec-run: SPEC_RUN_HOLD_FLOOR="${value}": .+ \\(e\\.g\\. '3s'; unset, 30 s\\)`, 'm'), `'${value}' is named with why`);
    t.notMatch(run.stdout, /^ok /m, `'${value}': nothing ran`);
  }
});
