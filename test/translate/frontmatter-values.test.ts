import t from 'tap';
import { buildProgram } from '../../src/cli/program.js';
import { FRONTMATTER_FIELDS } from '../../src/check/index.js';
import { parseMarkdown } from '../../src/parse/index.js';
import { frontmatterValueProblems, mistypedSetting, runSetting } from '../../src/translate/frontmatter-values.js';

t.test('every option of a run is a frontmatter field or a run-wide setting that frontmatter names as an error', async (t) => {
  const run = buildProgram().commands.find((command) => command.name() === 'run')!;
  const words = run.options.map((option) => option.long!.replace(/^--/, '')).filter((word) => word !== 'help');
  t.ok(words.length > 20, 'the options of a run are read');
  // `--no-borrow` is the frontmatter's `borrow: false` for a whole run.
  const field = (word: string) => FRONTMATTER_FIELDS.has(word) || (word.startsWith('no-') && FRONTMATTER_FIELDS.has(word.slice(3)));
  const unnamed = words.filter((word) => !field(word) && mistypedSetting(word) === undefined && runSetting(word) === undefined);
  t.same(unnamed, []);
});

t.test('an option of a run only the command line takes, written in frontmatter, is an error naming the option', async (t) => {
  const doc = parseMarkdown('fm.md', '---\ntype: property\nname: fm\nno-strict: true\ngrep: login\ndryRun: true\nonly_failures: true\n---\n# F\n\n```lisp\n(assert t)\n```\n');
  t.same(frontmatterValueProblems(doc).map((problem) => [problem.line, problem.message]), [
    [4, "frontmatter 'no-strict' is no field spec-run reads, so it is ignored: --no-strict sets it for a whole run, on the command line"],
    [5, "frontmatter 'grep' is no field spec-run reads, so it is ignored: --grep sets it for a whole run, on the command line"],
    [6, "frontmatter 'dryRun' is no field spec-run reads, so it is ignored: --dry-run sets it for a whole run, on the command line"],
    [7, "frontmatter 'only_failures' is no field spec-run reads, so it is ignored: --only-failures sets it for a whole run, on the command line"],
  ]);
});
