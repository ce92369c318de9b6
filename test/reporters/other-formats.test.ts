import t from 'tap';
import { render as renderEvents, smallRun as events } from './render.js';
import { junitReporter, escapeXml } from '../../reporters/junit.js';
import { jsonReporter } from '../../reporters/json.js';
import { githubAnnotations } from '../../reporters/github.js';
import { tapReporter } from '../../reporters/tap.js';
import type { Reporter, RunEvent } from '../../src/model/events.js';

const render = (reporter: Reporter) => renderEvents(reporter, events);

t.test('JUnit: a testcase per point, failures with diagnostics, counts per suite, XML escaped', async (t) => {
  const xml = await render(junitReporter);
  t.match(xml, /<testsuite name="doc &lt;a&gt;" file="a.md" tests="3" failures="1" skipped="1" time="1.500">/);
  t.match(xml, /<testcase name="Scenario 1 › \(search &quot;=&gt; 3&quot; text\)" classname="doc &lt;a&gt;" file="a.md" line="6"><failure message="[^"]+">at: a.md:6\ntext: =&gt; 4 &amp; more\n<\/failure><\/testcase>/);
  t.match(xml, /<skipped message="no engine"\/>/);
  t.equal(escapeXml('a\u0001b'), 'a\uFFFDb', 'characters XML cannot hold are replaced');
});

t.test("JUnit: a name's line break is written as a character reference, which a parser reads back as a line break, not a space", async (t) => {
  const multiLine = events.map((event) => (event.type === 'point' && event.name === '(result-response-p r)' ? { ...event, name: '(string= *greeting* "hello\nworld")' } : event));
  const xml = await renderEvents(junitReporter, multiLine);
  t.match(xml, /<testcase name="Scenario 1 › \(string= \*greeting\* &quot;hello&#10;world&quot;\)"/);
  t.match(xml, /<failure message="[^"\n]+">at: a\.md:6\ntext:/, 'text content keeps its line breaks raw');
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

t.test('JUnit: requirement statuses as suite properties, the requirements a case verifies as its properties', async (t) => {
  const { tracedRun } = await import('./traced-run.js');
  const xml = await renderEvents(junitReporter, tracedRun);
  t.match(xml, /<testsuite [^>]+>\n {4}<properties>\n {6}<property name="seed" value="\d+"\/>\n {6}<property name="requirement:specs\/limits\.md#Limits" value="failing"\/>\n {6}<property name="requirement:specs\/limits\.md#Logging" value="untested"\/>\n {4}<\/properties>/);
  t.match(xml, /<testcase name="Limits \/ No limit › THEN all is shown"[^>]*>\n {6}<properties>\n {8}<property name="requirement" value="specs\/limits\.md#Limits"\/>\n {6}<\/properties>\n {4}<\/testcase>/);
  t.match(xml, /<property name="requirement" value="specs\/limits\.md#Limits"\/>\n {6}<\/properties>\n {6}<failure message=/);
});

t.test('JSON: requirements with statuses on run-end; attachments cut to the bound', async (t) => {
  const { tracedRun, HUGE_ATTACHMENT } = await import('./traced-run.js');
  const { ATTACHMENT_MAX_CHARS } = await import('../../src/model/bounded.js');
  const lines = (await renderEvents(jsonReporter, tracedRun)).trim().split('\n').map((l) => JSON.parse(l));
  const end = lines.at(-1);
  t.same(end.requirements.map((r: { id: string; status: string }) => [r.id, r.status]), [['specs/limits.md#Limits', 'failing'], ['specs/limits.md#Logging', 'untested']]);
  const failing = lines.find((l) => l.type === 'point' && !l.ok);
  t.same(failing.attachments[0], { name: 'probe', value: { exitCode: 0, stdout: 'hello & <bye>' } });
  t.same(failing.attachments[1], { name: 'huge', value: { truncated: true, totalChars: HUGE_ATTACHMENT.length, preview: HUGE_ATTACHMENT.slice(0, ATTACHMENT_MAX_CHARS) } });
});

t.test('progress: the elapsed time of a unit goes on while nothing happens', async (t) => {
  const { progressReporter } = await import('../../reporters/progress.js');
  async function* slowUnit() {
    yield { type: 'run-start', documents: 1, seed: 1 } as const;
    yield { type: 'document-start', file: 'a.md', name: 'a' } as const;
    yield { type: 'unit-start', file: 'a.md', unitId: 'a.md#1', name: 'slow', kind: 'lisp-block', at: { file: 'a.md', line: 1 } } as const;
    await new Promise((r) => setTimeout(r, 2500));
    yield { type: 'run-end', durationMs: 2500, counts: { passed: 0, failed: 0, skipped: 0, todo: 0 } } as const;
  }
  let text = '';
  for await (const chunk of progressReporter({ columns: 200 })(slowUnit())) text += chunk;
  const drawn = [...text.matchAll(/› slow (\d+\.\d)s/g)].map((m) => Number(m[1]));
  t.ok(drawn.length >= 3, `drawn again while the unit ran: ${drawn.join(', ')}`);
  t.ok(drawn.at(-1)! >= 1, 'its elapsed time went on');
});

t.test('GitHub annotations: a run that checked nothing, or stopped, is an error of the run itself', async (t) => {
  const text = await renderEvents(githubAnnotations, [
    { type: 'run-start', documents: 1, seed: 1 },
    { type: 'run-end', durationMs: 1, counts: { passed: 0, failed: 0, skipped: 1, todo: 0 }, checkedNothing: 'the run checked nothing: 1 skipped', stopped: 'run interrupted by SIGINT: 1 of 1 documents not run' },
  ]);
  t.equal(text, '::error title=spec-run::the run checked nothing: 1 skipped\n::error title=spec-run::run interrupted by SIGINT: 1 of 1 documents not run\n');
});

t.test('a requirement --require-verified finds not verified fails the run at its line: GitHub annotation, JUnit testcase, TAP at:', async (t) => {
  const run: RunEvent[] = [
    { type: 'run-start', documents: 1, seed: 1 },
    { type: 'run-end', durationMs: 1, counts: { passed: 1, failed: 0, skipped: 0, todo: 0 }, unverified: [{ text: 'specs/u.spec.md#No scenario is untested (no scenario or unit verifies it)', at: { file: 'specs/u.spec.md', line: 12 } }] },
  ];
  t.equal(await renderEvents(githubAnnotations, run), '::error file=specs/u.spec.md,line=12,title=spec-run::--require-verified: specs/u.spec.md#No scenario is untested (no scenario or unit verifies it)\n');
  t.match(await renderEvents(junitReporter, run), /<testcase name="--require-verified: specs\/u\.spec\.md#No scenario is untested[^"]*" classname="spec-run" file="specs\/u\.spec\.md" line="12"><failure /);
  t.match(await renderEvents(tapReporter, run), /not ok 1 - --require-verified: specs\/u\.spec\.md\\#No scenario is untested[^\n]*\n {2}---\n {2}at: specs\/u\.spec\.md:12\n {2}\.\.\.\n1\.\.1\n$/);
});

t.test('every report names the runtime a Lisp document ran against: TAP, spec, JUnit, HTML, JSON', async (t) => {
  const { specReporter } = await import('../../reporters/spec.js');
  const { htmlReporter } = await import('../../reporters/html.js');
  const againstOwn = events.map((event) => (event.type === 'document-start' ? { ...event, runtime: 'node "my server.mjs" lie' } : event));
  t.match(await renderEvents(tapReporter, againstOwn), /# Subtest: doc <a> \(a\.md\)\n {4}# runtime: node "my server\.mjs" lie\n/);
  t.match(await renderEvents(specReporter({ color: false, summary: false }), againstOwn), /\(a\.md\)\n {2}runtime: node "my server\.mjs" lie\n/);
  t.match(await renderEvents(junitReporter, againstOwn), /<property name="runtime" value="node &quot;my server\.mjs&quot; lie"\/>/);
  t.match(await renderEvents(htmlReporter({ commandLine: 'spec-run', reportDirectory: '/p', cwd: '/p' }), againstOwn), /<span class="note">runtime: node &quot;my server\.mjs&quot; lie<\/span>/);
  t.match((await renderEvents(jsonReporter, againstOwn)).split('\n')[1], /"runtime":"node \\"my server\.mjs\\" lie"/);
  t.notMatch(await renderEvents(tapReporter, events), /# runtime/, 'a document that names none (not a Lisp document) says none');
});

t.test("a point's notes (a definition of another document its check used) are shown by TAP, JUnit, the terminal and GitHub, passed or failed; a point without notes shows none", async (t) => {
  const note = 'uses fact defined in specs/model-solution.md:8, another document of the specification tree';
  const noted = events.map((event): RunEvent => (event.type === 'point' && !event.skip ? { ...event, notes: [note] } : event));
  const passedOnly = events.filter((event) => event.type !== 'point' || event.ok);
  const { specReporter } = await import('../../reporters/spec.js');
  for (const [name, reporter] of [['tap', tapReporter], ['junit', junitReporter], ['spec', specReporter({ color: false })], ['github', githubAnnotations]] as const) {
    const shown = await renderEvents(reporter, noted);
    // JUnit says it of the failing point twice: a property of its test case, and in its failure's text.
    t.equal(shown.split(note).length - 1, name === 'junit' ? 3 : 2, `${name}: the passing and the failing point each say it`);
    t.notMatch(await renderEvents(reporter, passedOnly), /another document/, `${name}: nothing without notes`);
  }
  t.match(await renderEvents(junitReporter, noted), `<property name="note" value="${note}"/>`);
});

t.test("a document's warnings (what the run says without failing it: a change already synced, two changes meeting) are shown by TAP, JUnit, the terminal and GitHub at warning level, at their place; a document without any shows none", async (t) => {
  const text = "requirement health#Ready is ADDED here and ADDED by change 'c2' (openspec/changes/c2/specs/health/spec.md:3)";
  const warned = events.map((event): RunEvent => (event.type === 'document-start' ? { ...event, warnings: [{ text, at: { file: 'openspec/changes/c1/specs/health/spec.md', line: 3 } }] } : event));
  const { specReporter } = await import('../../reporters/spec.js');
  t.match(await renderEvents(githubAnnotations, warned), `::warning file=openspec/changes/c1/specs/health/spec.md,line=3,title=spec-run::${text}\n`);
  t.notMatch(await renderEvents(githubAnnotations, warned), /::error[^\n]*ADDED here/, 'a warning, not an error');
  t.match(await renderEvents(junitReporter, warned), `<property name="warning" value="openspec/changes/c1/specs/health/spec.md:3: ${text}"/>`);
  t.match(await renderEvents(tapReporter, warned), `# warning: openspec/changes/c1/specs/health/spec.md:3: ${text}`);
  t.match(await renderEvents(specReporter({ color: false, summary: false }), warned), `warning: openspec/changes/c1/specs/health/spec.md:3: ${text}`);
  for (const reporter of [githubAnnotations, junitReporter, tapReporter, specReporter({ color: false })]) t.notMatch(await renderEvents(reporter, events), /ADDED here|warning/, 'none without warnings');
});
