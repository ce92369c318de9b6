// From a user's seat (spec-run packed, installed into a fresh project, run through its bin):
// check, --list and a dry run refuse a steps file whose top level never returns after the
// probe's limit, 10 s unless SPEC_RUN_STEPS_PROBE_LIMIT sets another, counted from the
// file's load; the project's good steps file, probed beside it, is never refused, however
// short the limit. A value that is no duration is refused at once, naming the variable.
import t from 'tap';
import { userProject } from '../support/installed.js';

const files = {
  'specs/cart.spec.md': '### Requirement: Cart\nA cart SHALL count its items.\n\n#### Scenario: Empty\n- **GIVEN** an empty cart\n- **THEN** it holds 0 items\n',
  'steps/cart.steps.mjs': "import { Given, Then } from 'spec-run/steps';\nGiven('an empty cart', function () { this.items = []; });\nThen('it holds {int} items', function (n) { if (this.items.length !== n) throw new Error('count'); });\n",
  'steps/spin.steps.mjs': 'for (;;) {}\n',
};

t.test('SPEC_RUN_STEPS_PROBE_LIMIT=4s: the looping file is refused after 4 s, saying so; the good one binds its steps', async (t) => {
  const project = userProject(files);
  const env = { SPEC_RUN_STEPS_PROBE_LIMIT: '4s' };
  const refused = /the top level of steps file steps\/spin\.steps\.mjs did not return within 4 s \(an endless synchronous loop\?\)/;
  for (const args of [['check', 'specs/'], ['--list', 'specs/'], ['--dry-run', 'specs/', '--reporter', 'tap']]) {
    const run = await project.specRun(args, { env });
    t.equal(run.code, 1, `${args.join(' ')} exits 1`, { stdout: run.stdout, stderr: run.stderr });
    // The limit said is the one given (the default says 10 s): what was waited for.
    t.match(run.stdout + run.stderr, refused, `${args.join(' ')} names the looping file with the limit it was given`);
    t.notMatch(run.stdout + run.stderr, /cart\.steps\.mjs did not return/, `${args.join(' ')} never refuses the good file`);
    if (args[0] === '--dry-run') t.match(run.stdout, /ok \d+ - GIVEN an empty cart # SKIP dry run: bound, not run/, "the good file's steps bind");
  }
});

t.test('a SPEC_RUN_STEPS_PROBE_LIMIT that is no duration is a usage error naming it, before anything is loaded', async (t) => {
  const project = userProject(files);
  for (const value of ['soon', '0', '2 s']) {
    const run = await project.specRun(['check', 'specs/'], { env: { SPEC_RUN_STEPS_PROBE_LIMIT: value } });
    t.equal(run.code, 2, `'${value}': exit 2`);
    t.match(run.stderr, new RegExp(`^spec-run: SPEC_RUN_STEPS_PROBE_LIMIT="${value}": .+ \\(e\\.g\\. '3s'; unset, 10 s\\)`, 'm'), `'${value}' is named with why`);
    t.notMatch(run.stdout + run.stderr, /did not return/, `'${value}': no steps file was tried`);
  }
});
