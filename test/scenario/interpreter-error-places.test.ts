// A place said of a configuration error ("refused with an error at line 3, column 12 that
// says …") is a claim of its own: it had been read and left unchecked, so a wrong line
// passed. It holds where the error is, counted in the configuration (as `spec-run exec`
// gives it for its file) or in the document (where the block is the scenario's YAML).
import t from 'tap';
import { runSpecLines } from './cli-points.js';

const UNCLOSED = ['```yaml', 'stop:', '  commands:', '    - run: "echo hi', '```'];
const head = ['# Places', '', '### Requirement: Placed', 'The executor SHALL place its errors.', ''];

/** One scenario per claim (a failing step skips the rest of its scenario), each with the block. */
function scenarios(claims: string[]): string[] {
  return claims.flatMap((claim, i) => [`#### Scenario: claim ${i + 1}`, 'When a command\'s quote is never closed:', ...UNCLOSED, '', 'Then:', `1. ${claim}`, '']);
}

t.test("a place said of a configuration error is checked, in the configuration's lines or the document's", async (t) => {
  const claims = [
    'The configuration is refused with an error at line 3, column 12 that says "is never closed"',
    'The configuration is refused with an error at line 3',
    'The configuration is refused with an error at line 4, column 12 that says "is never closed"',
    'The configuration is refused with an error at line 3, column 2',
    'The configuration is refused with an error at line DOC, column 12',
  ];
  const lines = [...head, ...scenarios(claims)];
  // The document's line of the fifth scenario's quote: five lines below its heading (the When, the fence, two lines of the block).
  const docLine = lines.indexOf('#### Scenario: claim 5') + 1 + 5;
  const { passes, byName, points } = await runSpecLines('error-places', lines.map((line) => line.replace('line DOC', `line ${docLine}`)));
  t.ok(passes('at line 3, column 12 that says'), "the quote's place in the configuration", { points });
  t.ok(passes('an error at line 3'), 'a line alone');
  t.equal(byName('at line 4, column 12')?.ok, false, 'another line fails');
  t.equal(byName('at line 3, column 2')?.ok, false, 'another column fails');
  t.ok(passes(`at line ${docLine}, column 12`), "the quote's place in the document");
  for (const claim of claims) t.match(byName(claim.replace('line DOC', `line ${docLine}`)), { todo: undefined }, `bound: ${claim}`);
});

// "at column 2" had been read as the text "2" anywhere in a message, so a wrong column passed
// wherever a "2" was written: a number a word of place governs is that place, alone or not.
t.test('a column said alone is the error\'s column, never a number searched in its message', async (t) => {
  const claims = [
    'The configuration is refused with an error at column 12 that says "is never closed"',
    'The configuration is refused with an error at column 2 that says "is never closed"',
    'The configuration is refused with an error at column 12 of line 3',
    'The configuration is refused with an error at line number 4',
  ];
  const { passes, byName, points } = await runSpecLines('error-columns', [...head, ...scenarios(claims)]);
  t.ok(passes('at column 12 that says'), "the quote's column", { points });
  t.equal(byName('at column 2 that says')?.ok, false, 'another column fails');
  t.ok(passes('at column 12 of line 3'), 'a column of a line');
  t.equal(byName('at line number 4')?.ok, false, 'another line fails, said with "number"');
  for (const claim of claims) t.match(byName(claim), { todo: undefined }, `bound: ${claim}`);
});

// A value an interpreted When set had been placed in the configuration spec-run wrote ("line 4,
// column 16 of the configuration"), a file the user never saw: it is the step's line that wrote it.
t.test('a value an interpreted step set, which the executor refuses, is placed at that step', async (t) => {
  const lines = [
    ...head,
    '#### Scenario: a When',
    '- **WHEN** the command `true` runs with a timeout of "10 minutes"',
    '- **THEN** it succeeds',
    '',
    '#### Scenario: a Given',
    '- **GIVEN** the command `exit 0` with a timeout of "banana"',
    '- **THEN** it succeeds',
    '',
    '#### Scenario: a When and a block',
    '```yaml',
    'stop:',
    '  commands:',
    '    - run: "true"',
    '      memory: lots',
    '```',
    '- **WHEN** the command `true` runs with a timeout of "10 minutes"',
    '- **THEN** it succeeds',
    '',
  ];
  const line = (text: string, after = 0) => lines.indexOf(text, after) + 1;
  const { points } = await runSpecLines('value-places', lines);
  // No Then expects the refusal: the step that runs the configuration fails, and its Then is skipped.
  const failed = points.filter((p) => !p.ok);
  t.same(failed.map((p) => p.name.split(' ')[0]), ['WHEN', 'GIVEN', 'WHEN'], 'the step that runs each configuration fails', { points });
  t.match(points.filter((p) => p.name.startsWith('THEN')).map((p) => p.skip), Array(3).fill(/^an earlier step failed \(line \d+\)$/), 'each Then skipped');
  const messages = failed.map((p) => p.diagnostics?.message ?? '');
  t.match(messages[0], new RegExp(`invalid duration "10 minutes"[^\\n]*\\([^)]*value-places\\.spec\\.md:${line('- **WHEN** the command `true` runs with a timeout of "10 minutes"')}\\)`), 'at the When');
  t.match(messages[1], new RegExp(`invalid duration "banana"[^\\n]*\\([^)]*value-places\\.spec\\.md:${line('- **GIVEN** the command `exit 0` with a timeout of "banana"')}\\)`), 'at the Given');
  const when = line('- **WHEN** the command `true` runs with a timeout of "10 minutes"', line('#### Scenario: a When and a block'));
  t.match(messages[2], new RegExp(`"10 minutes"[^;\\n]*\\([^)]*value-places\\.spec\\.md:${when}\\)`), "the When's value at the When");
  t.match(messages[2], new RegExp(`"lots" \\([^)]*value-places\\.spec\\.md:${line('      memory: lots')}:15\\)`), "the block's value where the block writes it");
  t.notMatch(messages.join('\n'), /of the configuration\)/, 'never a place in the file spec-run wrote');
});
