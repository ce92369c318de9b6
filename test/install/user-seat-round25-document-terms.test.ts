// The writer's own nouns, from a user's seat: spec-run packed and installed into a fresh project, a
// document whose Purpose names spec-run exec "the gatekeeper" and its commands "checks" run through the
// bin with --executor-steps. Steps in those nouns are read through the document (--dry-run says so,
// with the defining line), pass where true and fail where false; another document of the tree reads them
// too; in a tree where nothing defines them they stay unread.
import t from 'tap';
import { userProject } from '../support/installed.js';

const PURPOSE = ['## Purpose', '', 'The gatekeeper (`spec-run exec`) runs our checks before a merge. Each check is one entry of `commands:`.', ''];

const scenario = (title: string, codes: number[], then: string) => [`#### Scenario: ${title}`, 'When the hook is:', '```yaml', 'stop:', '  commands:', ...codes.map((c) => `    - run: "exit ${c}"`), '```', '', 'Then:', `1. ${then}`, ''];

const SCENARIOS = [
  '## Requirements',
  '',
  '### Requirement: Exit status',
  'The gatekeeper SHALL exit with the first failing check\'s code.',
  '',
  ...scenario('true', [0, 6], 'the gatekeeper exits with code 6, and the second check exits with code 6'),
  ...scenario('false', [0, 7], 'the gatekeeper exits with code 6, and the second check exits with code 6'),
];

type Point = { type: string; name: string; ok: boolean; todo?: string; unitId: string; diagnostics?: { interpretation?: string } };
const thens = (stdout: string) =>
  stdout
    .split('\n')
    .filter((l) => l.trim().startsWith('{'))
    .map((l) => JSON.parse(l) as Point)
    .filter((e) => e.type === 'point' && e.name.startsWith('Then '));

t.test('nouns defined in the Purpose are read through the document in the installed bin', async (t) => {
  const project = userProject({ 'specs/own.spec.md': ['# Own nouns', '', ...PURPOSE, ...SCENARIOS].join('\n'), 'specs/bare.spec.md': ['# No purpose', '', ...SCENARIOS].join('\n') });
  const dry = await project.specRun(['specs/own.spec.md', '--executor-steps', '--no-strict', '--dry-run', '--reporter', 'json']);
  t.match(thens(dry.stdout)[0]?.diagnostics?.interpretation ?? '', /spec-run exec's exit status == 6 .*\[read through the document: "gatekeeper" = spec-run exec, defined at line 5; "check" = command, defined at line 5\]/, { stderr: dry.stderr });
  const run = await project.specRun(['specs/own.spec.md', '--executor-steps', '--no-strict', '--reporter', 'json']);
  const [holds, fails] = thens(run.stdout);
  t.equal(holds?.todo, undefined, 'bound');
  t.equal(holds?.ok, true, 'true of its run: passes');
  t.equal(fails?.todo, undefined, 'bound');
  t.equal(fails?.ok, false, 'false of its run: fails');
  // A document of the same specification tree reads the nouns another document of it defines (round 27), saying where.
  const sameTree = await project.specRun(['specs/bare.spec.md', '--executor-steps', '--no-strict', '--dry-run', '--reporter', 'json']);
  t.match(thens(sameTree.stdout)[0]?.diagnostics?.interpretation ?? '', /\[read through the tree: "gatekeeper" = spec-run exec, from [^\]]*own\.spec\.md:5/, 'the tree is one system');
  const alone = userProject({ 'specs/bare.spec.md': ['# No purpose', '', ...SCENARIOS].join('\n') });
  const bare = await alone.specRun(['specs/bare.spec.md', '--executor-steps', '--no-strict', '--reporter', 'json']);
  t.ok(thens(bare.stdout).every((p) => p.todo !== undefined), 'in a tree where nothing defines it, "the gatekeeper" names nothing: unread');
});
