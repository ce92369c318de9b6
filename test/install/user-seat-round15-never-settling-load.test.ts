// From a user's seat (spec-run packed, installed into a fresh project, run through its bin):
// a steps file whose top level awaits a promise nobody resolves held `--dry-run`, check and
// --list for their whole load limit (a minute) before they said so. Nothing is pending that
// could settle it, so they refuse it at once, naming the file; a top level still waiting on
// something pending (a timer, a server starting) loads as before.
import t from 'tap';
import { userProject } from '../support/installed.js';

const FILES = {
  'specs/numbers.spec.md': '### Requirement: Numbers\nThe thing SHALL work.\n\n#### Scenario: One\n- **GIVEN** a number 1\n- **THEN** it is 1\n',
  'steps/basic.steps.mjs': "import { Given, Then } from 'spec-run/steps';\nGiven('a number {int}', function (n) { this.n = n; });\nThen('it is {int}', function (n) { if (this.n !== n) throw new Error('no'); });\n",
};

t.test('an await that can never settle is refused at once by --dry-run, check and --list, naming the file', async (t) => {
  const project = userProject({ ...FILES, 'steps/config.steps.mjs': "export const config = await new Promise(() => {});\n" });
  for (const args of [['--dry-run', 'specs/', '--reporter', 'tap'], ['check', 'specs/'], ['--list', 'specs/']]) {
    const started = Date.now();
    const run = await project.specRun(args);
    const took = Date.now() - started;
    t.ok(took < 30_000, `${args[0]} ends in seconds, not at the minute's load limit (${took} ms)`);
    t.equal(run.code, 1, `${args[0]} exits 1`, { stderr: run.stderr });
    // check and --list say the file first on the line; a dry run's TAP point gives it as its place below.
    t.match(`${run.stdout}${run.stderr}`, /steps\/config\.steps\.mjs[^\n]*its top level awaits what can never settle|its top level awaits what can never settle[^\n]*\n\s+---\n\s+at: steps\/config\.steps\.mjs:1/, `${args[0]} names the file and why`);
  }
});

t.test('a top level waiting on a timer and a server it starts still loads, and its steps run', async (t) => {
  const project = userProject({
    ...FILES,
    'steps/server.steps.mjs': "import net from 'node:net';\nawait new Promise((resolve) => setTimeout(resolve, 1500));\nconst server = net.createServer().listen(0);\nawait new Promise((resolve) => server.on('listening', resolve));\nserver.close();\n",
  });
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 0, 'the run passes', { stdout: run.stdout, stderr: run.stderr });
  t.match(run.stderr, /2 passed, 0 failed/);
  t.notMatch(run.stdout, /never settle/);
});
