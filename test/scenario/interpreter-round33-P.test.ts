// Round 33's part P: the scenario's file tree said in words (tree-said.ts). A setup that says entries under the
// placeholder its document makes the scenario's directory ("`<root>/notes.txt` is a plain file, no `build/` dir",
// "`<root>/src/` exists (may be empty)", "`<root>/f.txt` with text `x`"), and a project said to hold a file with its
// one line, an empty directory, a `name/` directory, is read as the project's tree, made before the run.
// Documents written for these tests (none from a batch), read both ways through real runs.
import t from 'tap';
import { placeholderTreeSaid, treeEntriesSaid } from '../../src/run/scenario/interpreter/tree-said.js';
import type { DocumentTerm } from '../../src/run/scenario/interpreter/document-terms.js';
import { runSpecLines, specDocument } from './cli-points.js';

const root: DocumentTerm[] = [{ noun: '<root>', thing: 'project directory', line: 3 }];

t.test('entries under the placeholder, said as the project\'s', async (t) => {
  t.equal(placeholderTreeSaid('`<root>/a.txt` is a regular file, no `out/` dir', root), 'the project directory holds a file `a.txt`, `out` does not exist');
  t.equal(placeholderTreeSaid('`<root>/lib/` exists (may be empty)', root), 'the project directory holds a directory `lib`');
  t.equal(placeholderTreeSaid('`<root>/lib/x.c` exists', root), 'the project directory holds `lib/x.c`');
  t.equal(placeholderTreeSaid('`<root>/d/x.txt` with text `q`', root), 'the project directory holds a file `d/x.txt` containing `q`');
  t.equal(placeholderTreeSaid('empty dir `<root>/d`', root), 'the project directory holds a directory `d`');
  t.equal(placeholderTreeSaid('`<root>/lib/deeper` exists', root), '`<root>/lib/deeper` exists', 'a file or a directory? not said: as written');
  t.equal(placeholderTreeSaid('`<root>/a.txt` is a symlink', root), '`<root>/a.txt` is a symlink', 'another kind of entry: as written');
  t.equal(placeholderTreeSaid('`<root>/../a.txt` exists', root), '`<root>/../a.txt` exists', 'outside the directory: as written');
  t.equal(placeholderTreeSaid('`<other>/a.txt` exists', root), '`<other>/a.txt` exists', 'a placeholder the document does not make the directory');
  t.equal(placeholderTreeSaid('`<root>/lib/` exists', []), '`<root>/lib/` exists', 'no placeholder for this scenario (it names another project)');
  t.equal(placeholderTreeSaid('no `out/` dir', root), 'no `out/` dir', 'an absence alone, beside no entry set up: as written');
});

t.test('entries the project is said to hold, in the words the setup reads', async (t) => {
  t.equal(treeEntriesSaid('the project has the file `t/l.txt` with the one line `x y`'), 'the project has the file `t/l.txt` containing `x y`');
  t.equal(treeEntriesSaid('the project holds `b.txt` whose content is the line `v1`'), 'the project holds `b.txt` containing `v1`');
  t.equal(treeEntriesSaid('the project directory holds `s.yaml` and an empty directory `src`'), 'the project directory holds `s.yaml` and a directory `src`');
  t.equal(treeEntriesSaid('the project has a `sub/` directory'), 'the project has a directory `sub`');
  t.equal(treeEntriesSaid('your project holds `n.txt` containing `hi`, next to this configuration file'), 'your project holds `n.txt` containing `hi`');
  t.equal(treeEntriesSaid('the project holds `r/` and this `s.yaml`'), 'the project holds `r/` and this `s.yaml`', 'the block under it named: no empty file, as written');
  t.equal(treeEntriesSaid('the command runs with an empty directory `src`'), 'the command runs with an empty directory `src`', 'said of no project: as written');
});

const document = (purpose: string[], scenarios: string[][]) => specDocument('Trees said in words', purpose, scenarios);
const PURPOSE = ['Below `<root>` = absolute path of the fresh dir where `stop.yaml` lies and from where `npx spec-run exec stop.yaml` is called.'];
/** A scenario whose condition paragraph GIVEN (before its block) sets up the tree, run as `spec-run exec stop.yaml`. */
const given = (title: string, condition: string, run: string, then: string) => [
  `#### Scenario: ${title}`,
  condition,
  '```yaml',
  'stop:',
  '  commands:',
  `    - run: "${run}"`,
  '```',
  '- **WHEN** run with `npx spec-run exec stop.yaml`',
  `- **THEN** ${then}`,
];

t.test('through real runs: a tree said under the placeholder is made before the run, both ways', async (t) => {
  const plain = 'Given: `<root>/notes.md` is a plain file, no `out/` dir.';
  const probe = 'test -f notes.md && echo plain; test -e out || echo no-out';
  const lib = 'Given `<root>/lib/` exists (may be empty).';
  const text = 'Given: `<root>/etc/deep/v.txt` with text `kiwi`.';
  const { points } = await runSpecLines('round33p-placeholder', document(PURPOSE, [
    given('plain', plain, probe, 'the output is `plain` followed by `no-out`'),
    given('plain probe', plain, probe, 'the output is `no-out` followed by `plain`'),
    given('lib', lib, 'test -d lib && echo dir; ls -A lib', 'the output is `dir`'),
    given('lib probe', lib, 'test -d lib && echo dir; ls -A lib', 'the output is `file`'),
    given('text', text, 'cat etc/deep/v.txt', 'the output is `kiwi`'),
    given('text probe', text, 'cat etc/deep/v.txt', 'the output is `kiwis`'),
  ]));
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  t.same(points.filter((p) => p.name.startsWith('THEN')).map((p) => p.ok), [true, false, true, false, true, false], 'true sentences pass, false variants fail', { points });
});

t.test('through real runs: what the project holds, with its line, an empty directory, next to the configuration, both ways', async (t) => {
  const when = (title: string, condition: string, run: string, then: string) => given(title, `When ${condition}:`, run, then).filter((l) => !l.includes('**WHEN**'));
  const line = 'the project has the file `etc/crate.txt` with the one line `crate list`';
  const empty = 'the project directory holds `stop.yaml` and an empty directory `bin`';
  const next = 'your project holds `pkg/v.txt` whose content is the line `v7`, next to this configuration file';
  const { points } = await runSpecLines('round33p-holds', document(['The executor runs hooks.'], [
    when('line', line, 'cat etc/crate.txt', 'the output is `crate list`'),
    when('line probe', line, 'cat etc/crate.txt', 'the output is `crate lists`'),
    when('empty', empty, 'ls -A bin; echo end', 'the output is `end`'),
    when('empty probe', empty, 'touch bin/x; ls -A bin; echo end', 'the output is `end`'),
    when('next', next, 'cat pkg/v.txt', 'the output is `v7`'),
    when('next probe', next, 'cat pkg/v.txt', 'the output is `v8`'),
  ]));
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  t.same(points.filter((p) => p.name.startsWith('THEN')).map((p) => p.ok), [true, false, true, false, true, false], 'true sentences pass, false variants fail', { points });
});

t.test('through real runs: a regular file with its content, an empty file, a name not held, the configuration beside, both ways', async (t) => {
  const when = (title: string, condition: string, run: string, then: string) => given(title, `When ${condition}:`, run, then).filter((l) => !l.includes('**WHEN**'));
  const regular = 'the project directory holds a regular file `plain.txt` (content `z`), and no directory `out`';
  const beside = 'the command runs, the project holding the configuration file together with a file `led.txt` whose only line is `entry-9`';
  const named = 'the project `/opt/kit` holds the empty file `blank` and no folder `gen/w`';
  const { points } = await runSpecLines('round33p-shapes', document(['The executor runs hooks.'], [
    when('regular', regular, 'cat plain.txt; test -e out || echo none', 'the output is `z` followed by `none`'),
    when('regular probe', regular, 'cat plain.txt; test -e out || echo none', 'the output is `none` followed by `z`'),
    when('beside', beside, 'cat led.txt', 'the output is `entry-9`'),
    when('beside probe', beside, 'cat led.txt', 'the output is `entry-8`'),
    when('named', named, 'wc -c < blank | tr -d \\" \\"; test -e gen/w || echo none', 'the output is `0` followed by `none`'),
    when('named probe', named, 'wc -c < blank | tr -d \\" \\"; test -e gen/w || echo none', 'the output is `1` followed by `none`'),
  ]));
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  t.same(points.filter((p) => p.name.startsWith('THEN')).map((p) => p.ok), [true, false, true, false, true, false], 'true sentences pass, false variants fail', { points });
});

t.test('through real runs: a tree said in words no rule reads stays unread', async (t) => {
  const { points } = await runSpecLines('round33p-unread', document(PURPOSE, [
    given('symlink', 'Given: `<root>/notes.md` is a symlink.', 'true', 'the output is empty'),
    given('other placeholder', 'Given: `<elsewhere>/notes.md` is a plain file.', 'true', 'the output is empty'),
    given('two lines', 'When the project has the file `a.txt` with the two lines `x` and `y`:', 'cat a.txt', 'the output is `x` followed by `y`'),
  ]));
  t.same(points.filter((p) => p.name.startsWith('THEN')).map((p) => p.todo !== undefined), [true, true, true], 'each Then of the three stays undefined', { points });
});

t.test('through real runs: a file or directory said not to appear, the kind after its name or its modal dropped, both ways', async (t) => {
  const when = (title: string, run: string, then: string) => given(title, 'When the command runs:', run, then).filter((l) => !l.includes('**WHEN**'));
  const { points } = await runSpecLines('round33p-after', document(['The executor runs hooks.'], [
    when('kind after', 'true', 'no `pre-ran` file appears in the project'),
    when('kind after probe', 'touch pre-ran', 'no `pre-ran` file appears in the project'),
    when('modal', 'true', 'no file `g.jsonl` shall exist after the run'),
    when('modal probe', 'touch g.jsonl', 'no file `g.jsonl` shall exist after the run'),
  ]));
  t.same(points.filter((p) => p.todo !== undefined).map((p) => p.name), [], 'every step bound', { points });
  t.same(points.filter((p) => p.name.startsWith('THEN')).map((p) => p.ok), [true, false, true, false], 'true sentences pass, false variants fail', { points });
});
