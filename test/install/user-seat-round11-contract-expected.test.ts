// What the user-seat session adopting spec-run in CI found in contract documents, from a
// user's seat: spec-run packed, installed into a fresh project outside the repository, run
// through its bin. An Expected written as a new user writes it (a plain fence holding
// `=> 43`, a `text` fence under **Expected Output**, a Lisp block of only a comment) was
// dropped: the request was never sent and the run was green. An Expected of `{}` or
// `"result": {}` passed against an error answer, and nothing said it checks nothing.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { userProject } from '../support/installed.js';

const input = (id: number, code: string) => `**Input**:\n\`\`\`json\n{"jsonrpc": "2.0", "id": ${id}, "method": "tools/call", "params": {"name": "evaluate-lisp", "arguments": {"code": "${code}"}}}\n\`\`\`\n`;
const contract = (name: string, sections: string[]) => `---\ntype: contract\nname: ${name}\n---\n# Contract: ${name}\n\n${sections.join('\n')}`;
const summary = (stderr: string) => stderr.trim().split('\n').at(-1);
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

/** The reporter's three Expected blocks, with the answers given as EXPECTED (product, division, and the Lisp block). */
const expectations = (product: string, division: string, lisp: string) =>
  contract('text-expected', [
    `## Multiplication\n\n${input(1, '(* 6 7)')}\n**Expected**:\n\`\`\`\n${product}\n\`\`\`\n`,
    `## Division\n\n${input(2, '(/ 1 0)')}\n**Expected Output**:\n\`\`\`text\n${division}\n\`\`\`\n`,
    `## Lisp Expected\n\n${input(3, '(+ 1 1)')}\n**Expected**:\n\`\`\`lisp\n${lisp}\n\`\`\`\n`,
  ]);

t.test("the Expected a new user writes is compared with the answer, or is an error at its line: a wrong one fails the run and check, the right one passes", async (t) => {
  const wrong = expectations('=> 43', '=> 0', ';; TODO: check that the answer is 3');
  const right = expectations('=> 42', '[ERROR] DIVISION-BY-ZERO', '(assert (search "=> 2" (result-content-text (send-request *server* input))))');
  const project = userProject({ 'wrong/contract.test.md': wrong, 'right/contract.test.md': right });

  const run = await project.specRun(['wrong/contract.test.md', '--reporter', 'tap', '--reporter', 'junit:junit.xml']);
  t.equal(run.code, 1, 'the run fails');
  t.match(run.stdout, `not ok 1 - the text of the answer holds the Expected text of line ${lineOf(wrong, '=> 43')}`);
  t.match(run.stdout, 'the text of the answer does not hold the Expected line: \\"=> 43\\"; the answer\'s text is \\"=> 42\\"');
  t.match(run.stdout, `not ok 1 - the text of the answer holds the Expected text of line ${lineOf(wrong, '=> 0')}`);
  t.match(run.stdout, `at: wrong/contract.test.md:${lineOf(wrong, ';; TODO')}`, 'the comment-only block, at its line');
  t.match(run.stdout, `not ok 1 - this block is the answer to the Input at line ${lineOf(wrong, '"id": 3')}, but it holds only comments: it checks nothing, and the request is never sent`);
  t.equal(summary(run.stderr), '1 passed, 3 failed, 0 skipped, 0 todo');
  t.match(readFileSync(`${project.dir}/junit.xml`, 'utf8'), /failures="3"/);

  const check = await project.specRun(['check', 'wrong/contract.test.md']);
  t.equal(check.code, 1);
  t.match(check.stdout, `wrong/contract.test.md:${lineOf(wrong, ';; TODO')}:1: error: this block is the answer to the Input at line ${lineOf(wrong, '"id": 3')}`);
  const list = await project.specRun(['wrong/contract.test.md', '--list']);
  t.match(list.stdout, `the text of the tool's answer must hold the lines of the Expected text at line ${lineOf(wrong, '=> 43')}`);

  const fixed = await project.specRun(['right/contract.test.md', '--reporter', 'tap']);
  t.equal(fixed.code, 0, 'the same document with the right answers passes');
  t.equal(summary(fixed.stderr), '4 passed, 0 failed, 0 skipped, 0 todo');
  t.match(fixed.stdout, `ok 1 - the text of the answer holds the Expected text of line ${lineOf(right, '=> 42')}`);
  const fixedCheck = await project.specRun(['check', 'right/contract.test.md']);
  t.equal(fixedCheck.code, 0);
  t.match(fixedCheck.stderr, /0 errors, 0 warnings/);
});

t.test('an Expected of nothing is a warning of check and of the run, and fails against an error answer; one that states the error passes without a warning', async (t) => {
  const empty = contract('empty-expected', [
    `## Evaluation that errors\n\n${input(1, '(error \\"boom\\")')}\n**Expected**:\n\`\`\`json\n{}\n\`\`\`\n`,
    `## Expected result left empty\n\n${input(2, '(car 5)')}\n**Expected**:\n\`\`\`json\n{"jsonrpc": "2.0", "id": 2, "result": {}}\n\`\`\`\n`,
  ]);
  const stated = empty.replace('{}\n', '{"isError": true}\n').replace('"result": {}}', '"result": {"isError": true}}');
  const project = userProject({ 'empty/contract.test.md': empty, 'stated/contract.test.md': stated });

  const check = await project.specRun(['check', 'empty/contract.test.md']);
  t.equal(check.code, 0, 'warnings only');
  for (const line of [lineOf(empty, '{}'), lineOf(empty, '"result": {}')]) t.match(check.stdout, `empty/contract.test.md:${line}:1: warning: this Expected JSON states nothing of the answer but that it is a result that is no error`);
  t.match(check.stderr, /0 errors, 2 warnings/);

  const run = await project.specRun(['empty/contract.test.md', '--reporter', 'tap']);
  t.equal(run.code, 1, 'an error answer holds no result that is no error');
  t.equal(summary(run.stderr), '0 passed, 2 failed, 0 skipped, 0 todo');
  t.match(run.stdout, /result\.isError: the tool answered with an error \("\[ERROR\] SIMPLE-ERROR"\)/);
  t.match(run.stdout, /result\.isError: the tool answered with an error \("\[ERROR\] TYPE-ERROR"\)/);
  t.match(run.stderr, `spec-run: warning: empty/contract.test.md:${lineOf(empty, '{}')}: this Expected JSON states nothing`, 'on stderr, the CI log');
  t.match(run.stdout, `# warning: empty/contract.test.md:${lineOf(empty, '"result": {}')}: this Expected JSON states nothing`, 'and in the report');

  const fixed = await project.specRun(['stated/contract.test.md', '--reporter', 'tap']);
  t.equal(fixed.code, 0);
  t.equal(summary(fixed.stderr), '2 passed, 0 failed, 0 skipped, 0 todo');
  t.notMatch(fixed.stderr, /warning/);
});
