// Round 23 of the executor interpreter from a user's seat (spec-run packed, installed into a fresh
// project outside the repository, a specification in a team's own words run through its bin with the
// executor's steps): the project named by a path of another machine, and a block of the report said
// of no command, each both ways, in sentences written for this test.
import t from 'tap';
import { userProject } from '../support/installed.js';

const spec = (scenarios: string[][]) => ['# Nightly jobs', '', '### Requirement: As said', 'The executor SHALL do what its scenarios say.', '', ...scenarios.flatMap((s) => [...s, '']), ''].join('\n');
const scenario = (title: string, when: string, commands: string[], then: string) => [`#### Scenario: ${title}`, `When ${when}:`, '```yaml', 'stop:', '  commands:', ...commands.map((c) => `    ${c}`), '```', '', 'Then:', `1. ${then}`];

t.test("a project named by another machine's path, and a block of no command's report: each passes where true and fails where false", async (t) => {
  const project = userProject({
    'jobs.spec.md': spec([
      scenario('project true', 'the project `/srv/shop` holds `orders.csv`, and the configuration is', ['- run: "pwd; ls"'], 'the first job prints `/srv/shop`, then `orders.csv`'),
      scenario('project false', 'the project `/srv/shop` holds `orders.csv`, and the configuration is', ['- run: "cd /; pwd; ls"'], 'the first job prints `/srv/shop`, then `orders.csv`'),
      scenario('block true', 'the configuration is', ['- run: "echo warming; sleep 5"', '  timeout: 1s', '- run: "echo next"'], '`warming` is listed under `Partial Output:`'),
      scenario('block false', 'the configuration is', ['- run: "echo cooling; sleep 5"', '  timeout: 1s', '- run: "echo warming"'], '`warming` is listed under `Partial Output:`'),
    ]),
  });
  const run = await project.specRun(['jobs.spec.md', '--executor-steps', '--no-strict', '--reporter', 'tap']);
  // The Then's point within the scenario's own subtest, never past the next one's heading.
  const verdict = (title: string, holds: string, ok: string) => new RegExp(`# Subtest: As said / ${title}\\n(?:(?! {4}# Subtest).*\\n)*? {8}${ok} \\d+ - Then .*${holds.replace(/[/]/g, '\\/')}`);
  for (const [title, holds] of [['project', '/srv/shop'], ['block', 'Partial Output:']]) {
    t.match(run.stdout, verdict(`${title} true`, holds, 'ok'), `${title}: true, it passes`);
    t.match(run.stdout, verdict(`${title} false`, holds, 'not ok'), `${title}: false, it fails`);
  }
  t.match(run.stderr, /2 passed, 2 failed/);
  t.equal(run.code, 1);
});
