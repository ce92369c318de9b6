// What the seeds show beyond their own run (that is test/e2e/seeds.test.ts): a
// broken copy of a seed failing where it was broken, against the real runtime
// server, and the seeds' random generators reproducing under the same --seed.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { parseFile } from '../../../src/parse/index.js';
import { translate } from '../../../src/translate/index.js';
import { lineOf, seedPath } from '../../parse/seed-files.js';
import { REAL_RUNTIME, lisp, frontmatter, options, runMarkdown, runMarkdownFile } from './helpers.js';
import { scratchDirectory } from '../../support/scratch.js';

const real = options({ runtimeCommand: REAL_RUNTIME });

t.test('a broken copy of a seed fails at the lines where it was broken', async (t) => {
  const original = readFileSync(seedPath('configure-limits-tool.test.md'), 'utf8');
  const broken = original
    .replace('(assert (search "timeout: 60 seconds" text))', '(assert (search "timeout: 61 seconds" text))')
    .replace('(assert (search "max-output: 50000 characters" text))', '(assert (serch "max-output: 50000 characters" text))');
  t.not(broken, original);
  const path = join(scratchDirectory('spec-run-broken-'), 'configure-limits-tool.test.md');
  writeFileSync(path, broken);
  const lines = broken.split('\n');
  const r = await runMarkdownFile(path, real);
  t.same(
    r.failed.map((p) => [p.at?.file, p.at?.line]),
    [
      [path, lineOf(lines, '"timeout: 61 seconds"')],
      [path, lineOf(lines, '(serch ')],
    ],
  );
  t.match(r.failed[0].diagnostics, { form: '(assert (search "timeout: 61 seconds" text))', values: { text: /timeout: 60 seconds/ } });
  t.match(r.failed[1].diagnostics, { condition: { type: 'UNDEFINED-FUNCTION', message: /SERCH/ } });
  t.equal(r.points.filter((p) => p.ok).length, 34, 'every other check still passes');
});

t.test("the seeds' generators draw the same code under the same seed", async (t) => {
  // The generator definitions of timeout-protection, run with the scripted server:
  // the transcript holds the generated code.
  const generators = translate(await parseFile(seedPath('timeout-protection.test.md'))).definitions.find((d) => d.text.includes('(defun generate-slow-code'));
  t.ok(generators);
  const md = `${frontmatter('property')}${lisp(generators!.text)}\n${lisp(`(let ((session (make-test-session)))
  (dotimes (trial 20)
    (evaluate-in-session session (format nil "~S" (list (generate-slow-code) (generate-fast-code))))))`)}`;
  const drawn = async (seed: number) => (await runMarkdown(md, options({ seed }))).transcript.exchanges.map((e) => JSON.stringify(e.request));
  const first = await drawn(1234);
  t.equal(first.length, 20);
  t.same(await drawn(1234), first);
  t.not(JSON.stringify(await drawn(1235)), JSON.stringify(first));
});
