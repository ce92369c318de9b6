// False greens a user met in round 17's release candidate, from a user's seat: spec-run packed,
// installed into a fresh OpenSpec project, run through its bin with the executor interpreter.
// "anything but 3" was read as 3, "nothing but "bye"" as "not bye", "the output SHALL NOT mention"
// as a notice (the output dropped), "3 at most once" as "at most 3": each false claim passed.
// Each now fails, or stays undefined naming the words not understood.
import t from 'tap';
import { userProject } from '../support/installed.js';

const scenario = (name: string, command: string, then: string) => `#### Scenario: ${name}
- **WHEN** the command \`${command}\` runs on the host
- **THEN** ${then}
`;

const SPEC = `### Requirement: Exit status and output
The runner SHALL report exit codes and output faithfully (every claim below is false).

${scenario('anything but', 'exit 3', 'the exit code SHALL be anything but 3')}
${scenario('all but', 'exit 3', 'the exit code SHALL be all but 3')}
${scenario('nothing but', 'echo hello', 'the output SHALL contain nothing but "bye"')}
${scenario('not mention', 'echo hello', 'the output SHALL not mention "hello"')}
${scenario('stdout not mention', 'echo hello', 'stdout SHALL NOT mention "hello"')}
${scenario('at most once', 'exit 1', 'the exit code SHALL be 3 at most once')}
`;

t.test('false claims with an exception, "mention" or a frequency fail or stay undefined; none passes', async (t) => {
  const project = userProject({ 'openspec/specs/runner/spec.md': SPEC });
  const run = await project.specRun(['--executor-steps', 'openspec/', '--reporter', 'tap']);
  t.equal(run.code, 1, 'the run fails');
  t.match(run.stderr, /requirements: 0 verified, 1 failing/);
  t.match(run.stderr, /6 passed, 6 failed/, 'the six WHENs pass, the six THENs fail');
  for (const words of ['anything but', 'all but', 'nothing but', 'once']) t.match(run.stdout, new RegExp(`the executor interpreter did not understand: "${words}"`), `undefined, naming "${words}"`);
  t.match(run.stdout, /not ok \d+ - THEN the output SHALL not mention "hello"\n(?:.*\n)*? {10}message: .*expected not \(the lines the command printed in the output shown contains "hello"(?: \(within words too\))?\)/, 'the output is read, and holds hello');
  t.match(run.stdout, /not ok \d+ - THEN stdout SHALL NOT mention "hello"\n(?:.*\n)*? {10}message: .*stdout contains "hello"/, 'so is stdout');
});
