// A false green users met in round 14's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. With
// --executor-steps, "the output SHALL contain "5"" passed on a command that printed no 5: the
// executor's own note "(Showing 2 of 5 output lines)" was searched as if the command had printed
// it. A claim about the output is of the command's own lines; one about the notes still reads them.
import t from 'tap';
import { userProject } from '../support/installed.js';

const SPEC = (thens: string[]) => `### Requirement: Output limits
The executor SHALL show at most maxOutputLines lines of a command's output.

#### Scenario: Five lines, two shown
\`\`\`yaml
stop:
  commands:
    - run: "for i in a b c d e; do echo line-$i; done"
      maxOutputLines: 2
\`\`\`
${thens.map((then, i) => `- **${i === 0 ? 'THEN' : 'AND'}** ${then}`).join('\n')}
`;

t.test("a claim about the output looks at the command's lines, never at the executor's notes on them", async (t) => {
  const project = userProject({ 'specs/output.spec.md': SPEC(['the output SHALL contain "5"']) });
  const run = await project.specRun(['specs/', '--executor-steps']);
  t.equal(run.code, 1, 'the command printed no 5: the step fails', { stdout: run.stdout });
  t.match(run.stdout, /not ok 1 - THEN the output SHALL contain "5"/);
  t.match(run.stdout, /expected the lines the command printed in the output shown contains "5"(?: \(within words too\))?; got line-a ⏎ line-b/);

  for (const then of ['stdout SHALL contain "3"', 'the output shows `2`', 'the last line of the output shows `5`']) {
    project.write({ 'specs/output.spec.md': SPEC([then]) });
    const other = await project.specRun(['specs/', '--executor-steps']);
    t.equal(other.code, 1, `${then}: fails, no line the command printed holds it`, { stdout: other.stdout });
  }
});

t.test('claims about the notes and the lines shown still bind and pass', async (t) => {
  const thens = [
    'the output SHALL NOT contain "5"',
    'the output SHALL contain "line-b"',
    'the last line of the output shows `line-b`',
    'the report SHALL say "Showing 2 of 5"',
    'the output SHALL say that 3 lines were omitted',
    'the output shows `(Showing 2 of 5 output lines)`',
  ];
  const project = userProject({ 'specs/output.spec.md': SPEC(thens) });
  const run = await project.specRun(['specs/', '--executor-steps']);
  t.equal(run.code, 0, 'every step passes', { stdout: run.stdout });
  t.match(run.stderr, new RegExp(`^${thens.length} passed, 0 failed`, 'm'));
});
