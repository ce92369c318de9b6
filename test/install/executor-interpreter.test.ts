// From a user's seat: a team's executor specification in its own words, neither the
// seed's sentences nor any held-out batch's, run with --executor-steps in a fresh
// project where spec-run is installed. Its steps bind through the interpreter, the
// dry run and --list show what each was read as, the run checks them for real, a
// false claim fails with what was measured, and a sentence it cannot read stays
// undefined, naming its words.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_IMAGE } from '../../src/executor/local-image.js';
import { parseTap } from '../cli/spec-run.js';
import { userProject } from '../support/installed.js';

const SPEC = `# build-gate Specification

## Requirements

### Requirement: Slow checks are cut off
A check that hangs SHALL be stopped at its limit and reported as timed out.

#### Scenario: A hanging check on the host
- **WHEN** the command \`sleep 20\` is run on the host with a deadline of 1 second
- **THEN** it is terminated after roughly one second
- **AND** the exit status reported is 124
- **AND** no SIGKILL is sent

#### Scenario: A chatty check in a container
- **WHEN** a containerized command with a limit of 4 lines prints 9 lines to standard output
- **THEN** only the first 4 lines of stdout are kept
- **AND** the omission note says 5 lines were omitted
- **AND** no container remains afterwards

#### Scenario: A limit in a reader's words
- **WHEN** \`sleep 5\` runs on the host under a limit of one and a half seconds
- **THEN** it is stopped after about one and a half seconds, with exit status 124, because its timeout expired

#### Scenario: A sentence of the seed's beside fresh words
- **WHEN** the command \`pwd\` runs in Docker with image alpine
- **AND** workdir is set to /tmp
- **THEN** the working directory SHALL be /tmp
- **AND** the container SHALL be removed afterwards

#### Scenario: A value the executor refuses
When a timeout mixes hours and minutes:
\`\`\`yaml
stop:
  commands:
    - run: "echo never"
      timeout: "2h30m"
\`\`\`

Then:
1. The configuration is rejected and \`echo never\` is never started
2. The error names the \`timeout\` field

### Requirement: Wrong claims fail
#### Scenario: A claim the executor does not meet
- **WHEN** a command exits with status 3
- **THEN** the exit code is 0

#### Scenario: A sentence about something else
- **WHEN** a command exits with status 0
- **THEN** the dashboard turns green
`;

t.test('a specification in fresh words binds through the interpreter and is checked for real', async (t) => {
  const project = userProject({ 'specs/build-gate/spec.md': SPEC, 'spec-run.config.json': JSON.stringify({ images: { alpine: LOCAL_IMAGE } }) });

  const dry = await project.specRun(['specs/', '--executor-steps', '--dry-run', '--no-strict', '--reporter', 'tap']);
  const tap = await parseTap(dry.stdout);
  t.ok(tap.plan.end !== null, 'the dry run emits valid TAP');
  t.match(dry.stdout, /interpretation: "?(\(it: [^)]*\) )?it was stopped \(by the executor, or killed by its memory limit\), its end at t ≈ 1 s/, 'the dry run shows what "terminated after roughly one second" checks');
  t.match(dry.stdout, /interpretation: "?exit code == 124/);
  t.match(dry.stdout, /interpretation: "?stdout lines shown == 4 \(the first ones, in order\)/);
  t.match(dry.stdout, /the executor interpreter did not understand: "dashboard", "turns", "green"/, 'the unreadable sentence names its words');
  t.match(dry.stdout, /interpretation: "?setup: run `sleep 5`; on the host; timeout = 1.5 s/, 'a duration in words, and the command in code marks');
  t.match(dry.stdout, /interpretation: "?(\(it: [^)]*\) )?it was stopped .*at t ≈ 1.5 s .*∧ exit code == 124 ∧ outcome == timeout/, 'the reason is a fact checked too');
  t.match(dry.stdout, /interpretation: "?working directory == \/tmp/, 'beside a step only the interpreter reads, a sentence of the seed vocabulary is read by the interpreter too');
  t.match(dry.stdout, /interpretation: "?the configuration is rejected \(validation errors, nothing runs\) ∧ `echo never` never ran/);

  const check = await project.specRun(['check', 'specs/', '--executor-steps']);
  t.match(check.stdout, /spec\.md:\d+:1: error: undefined step 'the dashboard turns green' \(it fails the run, which is strict by default\); the executor interpreter did not understand: "dashboard", "turns", "green"; define it with:/, 'check says why the interpreter left a step undefined, as the run does');

  const list = await project.specRun(['--list', 'specs/', '--executor-steps']);
  t.match(list.stdout, /THEN the exit code is 0\n\s+⇒ exit code == 0/, '--list shows each step with its reading');

  const run = await project.specRun(['specs/', '--executor-steps', '--no-strict', '--reporter', 'json', '--reporter', 'html:report.html']);
  const points = run.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { type: string; name?: string; ok?: boolean; todo?: string; skip?: string; diagnostics?: Record<string, unknown> })
    .filter((e) => e.type === 'point');
  const named = (start: string) => points.find((p) => p.name?.startsWith(start));
  for (const name of ['THEN it is terminated', 'AND the exit status reported is 124', 'AND no SIGKILL is sent', 'THEN only the first 4 lines', 'AND the omission note', 'AND no container remains', 'THEN it is stopped after about one and a half', 'THEN the working directory SHALL be /tmp', 'AND the container SHALL be removed', 'Then The configuration is rejected and', 'Then The error names the']) {
    t.match(named(name), { ok: true, skip: undefined }, `${name}: passed`);
  }
  t.match(named('THEN the exit code is 0'), { ok: false, diagnostics: { message: /expected exit code == 0; got exit code 3/ } }, 'a false claim fails with the measurement');
  t.match(named('THEN the dashboard turns green'), { todo: 'undefined step' });
  t.equal(run.code, 1, 'the run fails: one claim is false');
  t.match(readFileSync(join(project.dir, 'report.html'), 'utf8'), /<span class="interpretation">⇒ exit code == 124<\/span>/, 'the HTML report shows the interpretation beside the step');
});
