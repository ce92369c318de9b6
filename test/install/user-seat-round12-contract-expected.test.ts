// From a user's seat (spec-run packed, installed into a fresh project, run through its
// bin): an Expected Lisp block that sends the Input's request and checks nothing (a
// comment, a quoted assert, a print) passed with its requirement verified, since the
// Input's "well-formed JSON" point counted as a check; and an Expected text `=> 42` held
// for code that printed "=> 42" and returned 41.
import t from 'tap';
import { userProject } from '../support/installed.js';

const INPUT = '**Input**:\n```json\n{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "evaluate-lisp", "arguments": {"code": "(+ 1 2)"}}}\n```\n';

const contract = (name: string, expected: string) =>
  `---\ntype: contract\nname: ${name}\ncovers:\n  - The sum is checked\n---\n# ${name}\n\n## The sum of 1 and 2 is 4\n\n${INPUT}\n**Expected**:\n\`\`\`lisp\n${expected}\n\`\`\`\n`;

t.test('an Expected Lisp block that checks nothing of the answer verifies nothing: the run fails as having checked nothing, the requirement is untested', async (t) => {
  const project = userProject({
    'specs/sum.md': contract('sum', '(send-request *server* input)\n;; the answer\'s text holds "=> 4"'),
    'specs/quoted.md': contract('quoted', '\'(assert (search "=> 4" (result-content-text (send-request *server* input))))'),
    'specs/printed.md': contract('printed', '(print (send-request *server* input))'),
    'real/checked.md': contract('checked', '(assert (search "=> 3" (result-content-text (send-request *server* input))))'),
  });
  for (const file of ['specs/sum.md', 'specs/quoted.md', 'specs/printed.md']) {
    const run = await project.specRun([file, '--reporter', 'tap']);
    t.equal(run.code, 1, `${file}: not green`);
    t.match(run.stdout, /ok 1 - the JSON is a well-formed JSON object/);
    t.match(run.stdout, /not ok 2 - the run checked nothing: no check passed \(2 ran without error holding no check\)/, `${file}: the well-formed JSON point is no check`);
  }
  const gate = await project.specRun(['specs/sum.md', '--require-verified']);
  t.equal(gate.code, 1);
  t.match(gate.stderr, /requirements: 0 verified, 0 failing, 1 untested/);
  const real = await project.specRun(['real/checked.md', '--require-verified']);
  t.equal(real.code, 0, `a check of the answer verifies it: ${real.stderr}`);
  t.match(real.stderr, /requirements: 1 verified/);
});

t.test('an Expected text "=> 42" holds for the value returned, not for printed output that looks like it', async (t) => {
  const printing = (value: string) =>
    `---\ntype: contract\nname: printed\n---\n# Printed\n\n## Value\n\n**Input**:\n\`\`\`json\n{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "evaluate-lisp", "arguments": {"code": "(progn (format t \\"~%=> 42~%\\") 41)"}}}\n\`\`\`\n\n**Expected**:\n\`\`\`text\n=> ${value}\n\`\`\`\n`;
  const project = userProject({ 'printed.md': printing('42'), 'returned.md': printing('41') });
  const printed = await project.specRun(['printed.md', '--reporter', 'tap']);
  t.equal(printed.code, 1, 'the value is 41');
  t.match(printed.stdout, /not ok 1 - the text of the answer holds the Expected text of line \d+/);
  t.match(printed.stdout, /only in what the evaluation printed: the values it returned are \[\\"41\\"\]/);
  const returned = await project.specRun(['returned.md']);
  t.equal(returned.code, 0, returned.stderr);
});
