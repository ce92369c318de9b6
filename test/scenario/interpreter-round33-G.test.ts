// Round 33's part G: the register of a document. A glossary table (| Term | Meaning |) defines words for every scenario
// of its own document (glossary-terms.ts): a fresh directory for the one test case, which the prose puts the
// configuration in, is the project's directory; a table in another document defines nothing here. And the register of
// test records and expectation prose (expectation-register.ts): "One expects X to V …" is the claim X V-s; "Expected
// announcement: `…`", "Expected output line: `…`", "Expected in section `[n/m]`: `…`" say which part of the run holds
// the quoted text; a bare "Expected: `…`" names no part and stays unread. Documents written for these tests (none from a
// batch), read both ways through real runs.
import t from 'tap';
import { glossaryTerms } from '../../src/run/scenario/interpreter/glossary-terms.js';
import { termsOf } from '../../src/run/scenario/interpreter/document-terms.js';
import { inExpectationRegister } from '../../src/run/scenario/interpreter/expectation-register.js';
import { runSpecLines, specDocument } from './cli-points.js';

const line = (text: string, at: number, term?: string) => ({ text: text.replace(/`/g, ''), line: at, code: [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]), ...(term === undefined ? {} : { term }) });

t.test('a glossary row that defines the scenario\'s directory, read only with the prose that places the run there', async (t) => {
  const row = line('a fresh, empty work directory for the one test case', 5, 'WD');
  const placed = line('The configuration is saved in WD as `hooks.yaml`.', 9);
  t.same(glossaryTerms([row, placed]).directory.map((d) => [d.noun, d.thing]), [['WD', 'project directory']]);
  t.same(glossaryTerms([row, line('The tool is launched with WD as the current directory.', 9)]).directory.map((d) => d.noun), ['WD']);
  t.same(glossaryTerms([row]).directory, [], 'no sentence puts the configuration or the run there');
  t.same(glossaryTerms([line('the archive the results are copied to', 5, 'WD'), placed]).directory, [], 'a meaning that is no fresh directory for the test case');
  t.same(glossaryTerms([row, line('an empty scratch directory for each test', 6, 'WD'), placed]).directory, [], 'a term the glossary defines twice');
  t.same(glossaryTerms([line('`spec-run exec`', 5, 'the gate'), placed]).others.map((d) => [d.noun, d.thing]), [['gate', 'spec-run exec']]);
  t.same(glossaryTerms([line('everything the gate writes to standard output', 5, 'report'), placed]).others, [], 'a row of what the interpreter\'s own noun says: no term');
  // Another document's table defines nothing for this one, whatever its tree.
  const withTable = [row, placed];
  const without = [line('The configuration is saved in WD as `hooks.yaml`.', 4)];
  const tree = [{ file: 'a.md', prose: withTable, steps: [] }, { file: 'b.md', prose: without, steps: [] }];
  t.ok(termsOf({ prose: withTable, tree }).some((term) => term.noun === 'WD'), 'its own document reads it');
  t.notOk(termsOf({ prose: without, tree }).some((term) => term.noun === 'WD'), 'another document of the tree does not');
});

t.test('the register of expectation, said as the claim', async (t) => {
  t.equal(inExpectationRegister('One expects the exit status to be 3.'), 'The exit status is 3.');
  t.equal(inExpectationRegister('we expect the last lines to be `a` and `b`'), 'The last lines are `a` and `b`');
  t.equal(inExpectationRegister('One expects the banner to begin with `x` and end with `y`.'), 'The banner begins with `x` and the banner ends with `y`.');
  t.equal(inExpectationRegister('One expects the second command not to succeed.'), 'The second command does not succeed.');
  t.equal(inExpectationRegister('One expects that the run stops.'), 'the run stops.');
  t.equal(inExpectationRegister('One expects the exit status 2, not 5.'), 'The exit status is 2, not 5.');
  t.equal(inExpectationRegister('Expected announcement: `[2/2] host: true (timeout 5m, from built-in default)`'), 'the report contains the line `[2/2] host: true (timeout 5m, from built-in default)`');
  t.equal(inExpectationRegister('Expected in section `[1/2]`: `Exit Code: 0`.'), '[1/2] report contains `Exit Code: 0`');
  t.equal(inExpectationRegister('Expected: `Exit Code: 0`'), 'Expected: `Exit Code: 0`', 'a bare label names no part of the run');
  t.equal(inExpectationRegister('Expected output line: `a` (the first one)'), 'Expected output line: `a` (the first one)', 'words of the writer\'s beside the text');
  t.equal(inExpectationRegister('Expected announcement: `Exit Code: 0`'), 'Expected announcement: `Exit Code: 0`', 'an announcement that is none');
});

const glossaryDocument = (scenarios: string[][]) =>
  specDocument(
    'Test record',
    [
      'Test record of the command executor `spec-run exec`.',
      '',
      '| Term | Meaning |',
      '|------|---------|',
      '| WD | a freshly created, empty work directory for the one test case |',
      '| exit status | the process exit code of spec-run exec |',
      '',
      'Unless a test case says otherwise, the configuration is saved in WD as `stop.yaml`.',
    ],
    scenarios,
  );
const scenario = (title: string, runs: string[], then: string, settings: string[] = []) => [
  `#### Scenario: ${title}`,
  '- **WHEN** spec-run exec runs this configuration:',
  '',
  '```yaml',
  'stop:',
  ...settings.map((setting) => `  ${setting}`),
  '  commands:',
  ...runs.map((run) => `    - run: "${run}"`),
  '```',
  '',
  `- **THEN** ${then}`,
];
const thenVerdicts = (points: { name: string; ok: boolean; todo?: unknown }[]) => points.filter((p) => p.name.startsWith('THEN')).map((p) => (p.todo !== undefined ? 'todo' : p.ok));

t.test('through real runs: the glossary\'s directory is the run\'s, both ways; without the table it stays unread', async (t) => {
  const { points } = await runSpecLines('round33g-glossary', glossaryDocument([
    scenario('made', ['mkdir -p out && echo hi > out/x.txt'], 'Confirm that a file `out/x.txt` exists in WD after the run.'),
    scenario('made probe', ['mkdir -p out'], 'Confirm that a file `out/x.txt` exists in WD after the run.'),
    scenario('not left', ['true'], 'Verify that no file `left.txt` exists in WD after the run.'),
    scenario('not left probe', ['touch left.txt'], 'Verify that no file `left.txt` exists in WD after the run.'),
  ]));
  t.same(thenVerdicts(points), [true, false, true, false], 'true sentences pass, false variants fail', { points });
  const bare = glossaryDocument([scenario('made', ['mkdir -p out && echo hi > out/x.txt'], 'Confirm that a file `out/x.txt` exists in WD after the run.')]).filter((l) => !l.startsWith('|'));
  const { points: unread } = await runSpecLines('round33g-no-table', bare);
  t.same(thenVerdicts(unread), ['todo'], 'the same words, no table: unread', { points: unread });
});

t.test('through real runs: one expects …, both ways', async (t) => {
  const { points } = await runSpecLines('round33g-expects', glossaryDocument([
    scenario('status', ['exit 3'], 'One expects the exit status to be 3.'),
    scenario('status probe', ['exit 4'], 'One expects the exit status to be 3.'),
    scenario('order', ['echo alpha; echo beta'], 'One expects the first command to print `alpha` and then `beta`.'),
    scenario('order probe', ['echo beta; echo alpha'], 'One expects the first command to print `alpha` and then `beta`.'),
    scenario('both ends', ['echo ends'], 'One expects the announcement to begin with `[1/1] host: echo` and end with `(timeout 5m, from built-in default)`.'),
    scenario('both ends probe', ['echo ends'], 'One expects the announcement to begin with `[1/1] host: echo` and end with `(timeout 7m, from built-in default)`.'),
    scenario('not', ['true', 'exit 2'], 'One expects the second command not to succeed.'),
    scenario('not probe', ['true', 'true'], 'One expects the second command not to succeed.'),
    scenario('bare status', ['exit 2'], 'One expects the exit status 2.'),
    scenario('bare status probe', ['exit 5'], 'One expects the exit status 2.'),
    scenario('unread', ['true'], 'One expects the gate to be happy.'),
  ]));
  t.same(thenVerdicts(points), [true, false, true, false, true, false, true, false, true, false, 'todo'], 'true sentences pass, false variants fail, an unread neighbour stays undefined', { points });
});

t.test('through real runs: labelled expectations of a test record, both ways', async (t) => {
  const two = ['echo alpha; echo beta', 'echo gamma; exit 3'];
  const { points } = await runSpecLines('round33g-labels', glossaryDocument([
    scenario('announcement', two, 'Expected announcement: `[2/2] host: echo gamma; exit 3 (timeout 5m, from built-in default)`'),
    scenario('announcement probe', two, 'Expected announcement: `[2/2] host: echo gamma; exit 4 (timeout 5m, from built-in default)`'),
    scenario('output line', two, 'Expected output line: `beta`'),
    scenario('output line probe', two, 'Expected output line: `delta`'),
    scenario('in section', two, 'Expected in section `[2/2]`: `Exit Code: 3`.'),
    scenario('in section probe', two, 'Expected in section `[1/2]`: `Exit Code: 3`.'),
    scenario('line of section', two, 'Expected output line of section `[2/2]`: `gamma`'),
    scenario('line of section probe', two, 'Expected output line of section `[1/2]`: `gamma`'),
    scenario('count', two, 'Expected in section `[2/3]`: `Exit Code: 3`.'),
    scenario('nth line', two, 'Expected second output line of section `[1/2]`: `beta`'),
    scenario('note', ['exit 3', 'echo never'], 'Expected note: `  note: not run: failFast is true and [1/2] failed (exit code 3)`', ['failFast: true']),
    scenario('note probe', ['exit 3', 'echo never'], 'Expected note: `  note: not run: failFast is true and [1/2] failed (exit code 4)`', ['failFast: true']),
    scenario('last line', ['true', 'echo done'], 'Expected last report line: `done`'),
    scenario('last line probe', ['echo done', 'true'], 'Expected last report line: `done`'),
    scenario('bare', two, 'Expected: `Exit Code: 3`'),
    scenario('commented', two, 'Expected output line: `beta` (the second one).'),
  ]));
  t.same(thenVerdicts(points), [true, false, true, false, true, false, true, false, false, 'todo', true, false, true, false, 'todo', 'todo'], 'true sentences pass, false variants (another text, section, count of commands) fail, unread neighbours stay undefined', { points });
});
