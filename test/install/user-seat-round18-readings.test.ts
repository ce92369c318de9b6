// Rounds 21 and 22 of the executor interpreter from a user's seat (spec-run packed, installed into a
// fresh project outside the repository, a specification in a team's own words run through its bin
// with the executor's steps): each reading both ways, a scenario where the sentence holds and one
// where it does not, in sentences written for this test.
import t from 'tap';
import { userProject } from '../support/installed.js';

const spec = (scenarios: string[][]) => ['# Nightly jobs', '', '### Requirement: As said', 'The executor SHALL do what its scenarios say.', '', ...scenarios.flatMap((s) => [...s, '']), ''].join('\n');
const scenario = (title: string, commands: string[], then: string) => [`#### Scenario: ${title}`, 'When the configuration is:', '```yaml', 'stop:', '  commands:', ...commands.map((c) => `    ${c}`), '```', '', 'Then:', `1. ${then}`];

t.test('a job placed by its ordinal, whole lines in order, and a path alone as a whole line: each passes where true and fails where false', async (t) => {
  const project = userProject({
    'jobs.spec.md': spec([
      scenario('second job true', ['- run: "echo load"', '- run: "echo export"'], 'the second job prints `export`'),
      scenario('second job false', ['- run: "echo export"', '- run: "echo load"'], 'the second job prints `export`'),
      scenario('in order true', ['- run: "echo start; echo a; echo b; echo end"'], 'the printed lines are `a` and `b`, in that order'),
      scenario('in order false', ['- run: "echo a1; echo b1"'], 'the printed lines are `a` and `b`, in that order'),
      scenario('path true', ['- run: "echo /srv/out; echo done"'], 'the output shows `/srv/out`, then `done`'),
      scenario('path false', ['- run: "echo /srv/out/extra; echo done"'], 'the output shows `/srv/out`, then `done`'),
    ]),
  });
  const run = await project.specRun(['jobs.spec.md', '--executor-steps', '--no-strict', '--reporter', 'tap']);
  // The Then's point within the scenario's own subtest, never past the next one's heading.
  const verdict = (title: string, holds: string, ok: string) => new RegExp(`# Subtest: As said / ${title}\\n(?:(?! {4}# Subtest).*\\n)*? {8}${ok} \\d+ - Then .*${holds.replace(/[/]/g, '\\/')}`);
  for (const [title, holds] of [['second job', 'export'], ['in order', 'in that order'], ['path', '/srv/out']]) {
    t.match(run.stdout, verdict(`${title} true`, holds, 'ok'), `${title}: true, it passes`);
    t.match(run.stdout, verdict(`${title} false`, holds, 'not ok'), `${title}: false, it fails`);
  }
  t.match(run.stderr, /3 passed, 3 failed/);
  t.equal(run.code, 1);
});
