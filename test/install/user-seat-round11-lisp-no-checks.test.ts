// A false green a user met in round 11's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. A Lisp document
// holding a bare call, an empty FiveAM test and a FiveAM test with no `is` reported "3 passed",
// verified its requirement under --require-verified, and `check` said nothing.
import { readFileSync } from 'node:fs';
import t from 'tap';
import { userProject } from '../support/installed.js';

const HEAD = '---\ntype: verification\nname: parser\nsource: Parsing\n---\n# Parser\n\n```lisp\n(defun parse-int (s) (parse-integer s :junk-allowed t))\n```\n';
const NO_CHECKS = `${HEAD}
## Parses numbers

\`\`\`lisp
(parse-int "42")
\`\`\`

## FiveAM test written, body still to come

\`\`\`lisp
(fiveam:test parses-negative)
\`\`\`

## A test that computes but never checks

\`\`\`lisp
(fiveam:test parses-garbage
  (parse-int "abc"))
\`\`\`
`;
const SETUP_AND_CHECK = `${HEAD}
\`\`\`lisp
(defvar *n* nil)
\`\`\`

## Sets up

\`\`\`lisp
(setf *n* (parse-int "42"))
\`\`\`

## Checks

\`\`\`lisp
(assert (= *n* 42))
\`\`\`
`;

t.test('units that hold no check verify nothing: the run fails as checking nothing in every report, and check warns; a setup block beside a check still passes', async (t) => {
  const project = userProject({ 'specs/parser.test.md': NO_CHECKS, 'setup/parser.test.md': SETUP_AND_CHECK });

  const run = await project.specRun(['specs/', '--require-verified', '--reporter', 'junit:junit.xml', '--reporter', 'json:run.jsonl']);
  t.equal(run.code, 1, 'nothing was checked', { stdout: run.stdout });
  t.match(run.stdout, /ok 1 - parses-negative makes a check # SKIP it holds no check/);
  t.match(run.stdout, /ok 1 - parses-garbage makes a check # SKIP it holds no check/);
  t.match(run.stdout, /not ok \d+ - the run checked nothing: no check passed \(1 ran without error holding no check, 2 skipped\)/);
  t.match(run.stderr, /requirements: 0 verified, 0 failing, 1 untested\n1 passed, 0 failed, 2 skipped, 0 todo\n$/);
  const junit = readFileSync(`${project.dir}/junit.xml`, 'utf8');
  t.match(junit, /requirement:specs\/parser\.test\.md#Parsing" value="untested"/);
  t.match(junit, /<failure message="the run checked nothing/, 'JUnit fails the run too');
  const end = readFileSync(`${project.dir}/run.jsonl`, 'utf8').trim().split('\n').map((line) => JSON.parse(line)).find((event) => event.type === 'run-end');
  t.match(end, { checkedNothing: /^the run checked nothing/, counts: { passed: 1, unchecked: 1, skipped: 2 } }, 'and the JSON stream');

  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 0, 'warnings');
  t.match(check.stdout, /specs\/parser\.test\.md:\d+:1: warning: no unit of this document holds a check/);
  t.match(check.stdout, /warning: test parses-negative holds no check/);
  t.match(check.stdout, /warning: test parses-garbage holds no check/);

  const setup = await project.specRun(['setup/', '--require-verified']);
  t.equal(setup.code, 0, 'a block that sets up beside a check', { stdout: setup.stdout });
  t.match(setup.stderr, /requirements: 1 verified/);
  t.notMatch((await project.specRun(['check', 'setup/'])).stdout, /holds no check/, 'check has nothing to say of it');
});
