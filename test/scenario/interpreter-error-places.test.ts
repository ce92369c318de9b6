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
