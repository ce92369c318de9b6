// From a user's seat (spec-run packed, installed into a fresh project, run through its
// bin): an Expected Lisp block that sends the Input's request and only prints or comments
// was caught only by a run ("the run checked nothing"); check said nothing of it.
import t from 'tap';
import { userProject } from '../support/installed.js';

const INPUT = (id: number) => `**Input**:\n\`\`\`json\n{"jsonrpc": "2.0", "id": ${id}, "method": "tools/call", "params": {"name": "evaluate-lisp", "arguments": {"code": "(+ 1 2)"}}}\n\`\`\`\n`;
const CONTRACT = `---
type: contract
name: sums
---
# Sums

## The sum printed

${INPUT(1)}
**Expected**:
\`\`\`lisp
;; the answer holds "=> 3"
(print (send-request *server* input))
\`\`\`

## The sum quoted

${INPUT(2)}
**Expected**:
\`\`\`lisp
'(assert (search "=> 3" (result-content-text (send-request *server* input))))
\`\`\`

## The sum checked

${INPUT(3)}
**Expected**:
\`\`\`lisp
(assert (search "=> 3" (result-content-text (send-request *server* input))))
\`\`\`
`;

const lineOf = (needle: string) => CONTRACT.split('\n').findIndex((line) => line.includes(needle)) + 1;

t.test('check warns, at its line, of an Expected block that checks nothing of the answer, as the run finds it', async (t) => {
  const project = userProject({ 'specs/sums.md': CONTRACT });
  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 0, 'a warning: the run passes the block as running without error');
  const warnings = check.stdout.trim().split('\n');
  t.same(warnings.map((line) => line.replace(/: warning: .*/, '')), [`specs/sums.md:${lineOf('(print (send-request')}:1`, `specs/sums.md:${lineOf("'(assert")}:1`], 'the printing and the quoted block; not the checking one');
  t.match(warnings[0], `warning: this block answers the Input at line ${lineOf('"id": 1')} but holds no check (assert, is...): a run passes it as "runs without error"`);
  t.match(check.stderr, /0 errors, 2 warnings/);

  const run = await project.specRun(['specs/sums.md', '--reporter', 'tap']);
  t.equal(run.code, 0, run.stderr);
  t.match(run.stdout, /ok \d+ - The sum printed runs without error/, 'the run passes that block as running without error, as check said');
});
