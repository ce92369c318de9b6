import t from 'tap';
import type { RunEvent } from '../../src/model/events.js';
import { junitReporter, escapeXml } from '../../reporters/junit.js';
import { jsonReporter } from '../../reporters/json.js';
import { githubAnnotations } from '../../reporters/github.js';
import type { Reporter } from '../../src/model/events.js';

const events: RunEvent[] = [
  { type: 'run-start', documents: 1, seed: 1 },
  { type: 'document-start', file: 'a.md', name: 'doc <a>' },
  { type: 'unit-start', file: 'a.md', unitId: 'a#1', name: 'Scenario 1', kind: 'lisp-block', at: { file: 'a.md', line: 4 } },
  { type: 'point', file: 'a.md', unitId: 'a#1', ok: true, name: '(result-response-p r)', at: { file: 'a.md', line: 5 } },
  { type: 'point', file: 'a.md', unitId: 'a#1', ok: false, name: '(search "=> 3" text)', at: { file: 'a.md', line: 6 }, diagnostics: { text: '=> 4 & more' } },
  { type: 'point', file: 'a.md', unitId: 'a#1', ok: true, name: 'docker', skip: 'no engine' },
  { type: 'unit-end', file: 'a.md', unitId: 'a#1', durationMs: 12 },
  { type: 'document-end', file: 'a.md', durationMs: 1500 },
  { type: 'run-end', durationMs: 14, counts: { passed: 1, failed: 1, skipped: 1, todo: 0 } },
];

async function render(reporter: Reporter): Promise<string> {
  async function* stream() {
    yield* events;
  }
  let text = '';
  for await (const chunk of reporter(stream())) text += chunk;
  return text;
}

t.test('JUnit: a testcase per point, failures with diagnostics, counts per suite, XML escaped', async (t) => {
  const xml = await render(junitReporter);
  t.match(xml, /<testsuite name="doc &lt;a&gt;" file="a.md" tests="3" failures="1" skipped="1" time="1.500">/);
  t.match(xml, /<testcase name="Scenario 1 › \(search &quot;=&gt; 3&quot; text\)" classname="doc &lt;a&gt;" file="a.md" line="6"><failure message="[^"]+">at: a.md:6\ntext: =&gt; 4 &amp; more\n<\/failure><\/testcase>/);
  t.match(xml, /<skipped message="no engine"\/>/);
  t.equal(escapeXml('a\u0001b'), 'a\uFFFDb', 'characters XML cannot hold are replaced');
});

t.test('JSON: the event stream, a line each, parseable back', async (t) => {
  const lines = (await render(jsonReporter)).trim().split('\n').map((l) => JSON.parse(l));
  t.same(lines, events);
});

t.test('GitHub: one ::error annotation per failing point, at its file and line', async (t) => {
  const text = await render(githubAnnotations);
  t.equal(text.trim().split('\n').length, 1);
  t.match(text, /^::error file=a\.md,line=6,title=Scenario 1::\(search "=> 3" text\)%0A/);
});

t.test('progress: a status line rewritten in place, cleared at the end', async (t) => {
  const { progressReporter } = await import('../../reporters/progress.js');
  let clock = 0;
  const text = await render(progressReporter({ columns: 200, now: () => (clock += 500) }));
  t.match(text, /\r\u001b\[2K\[1\/1\] doc <a> › Scenario 1 \d+\.\ds {2}1 passed, 1 failed, 1 skipped/);
  t.ok(text.endsWith('\r\u001b[2K'), 'the line is cleared when the run ends');
  t.notMatch(text, /\n/, 'never adds a line to the scrollback');
});
