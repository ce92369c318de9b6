// The HTML report on a synthetic run: self-contained, failures first and open with
// their diagnostics and attachments, long values folded, large ones cut, requirements
// with their statuses, file:line links relative to the report.
import t from 'tap';
import type { RunEvent } from '../../src/model/events.js';
import { htmlReporter } from '../../reporters/html.js';
import { escapeHtml } from '../../reporters/html/values.js';
import { render, smallRun } from './render.js';
import { HUGE_ATTACHMENT, tracedRun } from './traced-run.js';

const options = { commandLine: 'spec-run specs/ --reporter html:out/report.html', reportDirectory: '/project/out', cwd: '/project' };

t.test('one self-contained page: inline style and script, no URL of another origin', async (t) => {
  const html = await render(htmlReporter(options), tracedRun);
  t.match(html, /^<!DOCTYPE html>/);
  t.match(html, /<style>[\s\S]+<\/style>/);
  t.match(html, /<script>[\s\S]+<\/script>/);
  t.notMatch(html, /https?:\/\//i, 'no http(s) URL');
  t.notMatch(html, /<(link|img|iframe|object|embed)\b/i, 'nothing loaded from elsewhere');
  t.notMatch(html, /<script[^>]*\ssrc=/i);
  for (const [, href] of html.matchAll(/href="([^"]*)"/g)) t.match(href, /^(#|\.\.\/|[^:]+$)/, `relative link ${href}`);
});

t.test('summary: counts, duration, seed, the command line, the requirements', async (t) => {
  const html = await render(htmlReporter(options), tracedRun);
  t.match(html, /<dt>checks<\/dt><dd>2 passed, 1 failed, 1 skipped, 0 todo<\/dd>/);
  t.match(html, /<dt>duration<\/dt><dd>1\.5 s<\/dd>/);
  t.match(html, /<dt>seed<\/dt><dd>4242<\/dd>/);
  t.match(html, /<dt>requirements<\/dt><dd>1 failing, 1 untested<\/dd>/);
  t.match(html, /<code>spec-run specs\/ --reporter html:out\/report\.html<\/code>/);
});

t.test('failures come first, with diagnostics, attachments and a file:line link relative to the report', async (t) => {
  const html = await render(htmlReporter(options), tracedRun);
  const failures = html.indexOf('id="failures"');
  t.ok(failures > 0 && failures < html.indexOf('id="requirements"') && failures < html.indexOf('id="documents"'), 'failures section before the others');
  t.match(html, /THEN it is cut at &lt;10&gt; lines<\/strong> <a class="where" href="\.\.\/specs\/limits\.md" title="line 8">specs\/limits\.md:8<\/a>/);
  t.match(html, /<div class="entry inline"><span class="key">expected<\/span> <code>10<\/code><\/div>/);
  t.match(html, /<span class="key">attachment: probe<\/span><pre>exitCode: 0\nstdout: hello &amp; &lt;bye&gt;<\/pre>/);
  t.match(html, /<details class="unit failed has-skipped" id="unit-\d+" open>/, 'the failing unit is expanded');
  t.match(html, /<details class="unit passed" id="unit-\d+">/, 'a passing unit is folded');
  t.match(html, /<details class="document has-failed has-skipped" open>/);
});

t.test('long outputs are folded; an attachment past the bound is cut and says so', async (t) => {
  const html = await render(htmlReporter(options), tracedRun);
  t.match(html, /<details class="entry folded"><summary><span class="key">output<\/span> <span class="note">40 lines, folded<\/span><\/summary><pre>line 1\n/);
  t.match(html, /attachment: huge<\/span> <span class="note">\(first 65536 of 200000 characters\)<\/span>/);
  t.notOk(html.includes(HUGE_ATTACHMENT.slice(0, 70_000)), 'the whole attachment is not in the page');
  t.ok(html.length < 200_000, `page of ${html.length} characters`);
});

t.test('requirements view: status, statements, the units that verify each, and why', async (t) => {
  const html = await render(htmlReporter(options), tracedRun);
  t.match(html, /<span class="badge status-failing">failing<\/span><\/td><td><strong>Limits<\/strong>/);
  t.match(html, /The system SHALL limit &lt;output&gt;\./);
  t.match(html, /<li><a href="#unit-\d+">Limits \/ Line limit<\/a><\/li><li><a href="#unit-\d+">Limits \/ No limit<\/a><\/li>/);
  t.match(html, /<span class="badge status-untested">untested<\/span><\/td><td><strong>Logging<\/strong>[\s\S]*?no scenario or unit verifies it/);
  t.match(html, /<section class="requirement-group"><h4>Requirement: Logging <a class="badge status-untested"[^>]*>untested<\/a><\/h4><p class="note">no scenario verifies it<\/p>/);
});

t.test('timings per unit, skipped points with their reason, filters present but hidden without script', async (t) => {
  const html = await render(htmlReporter(options), tracedRun);
  t.match(html, /Limits \/ Line limit <span class="note">scenario, 3 checks, 1 failed<\/span> <span class="time">1\.23 s<\/span>/);
  t.match(html, /No limit <span class="note">scenario, 1 check<\/span> <span class="time">56 ms<\/span>/);
  t.match(html, /AND docker too <span class="note">skipped: no Docker engine<\/span>/);
  t.match(html, /<nav class="filters" hidden/);
});

t.test('a run without requirements or failures: no such sections; text is escaped everywhere', async (t) => {
  const passing = smallRun.filter((e) => !(e.type === 'point' && !e.ok));
  const html = await render(htmlReporter(options), passing);
  t.notMatch(html, /id="failures"|id="requirements"/);
  t.match(html, /doc &lt;a&gt;/);
  t.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
});

t.test('a unit whose same check both passed and failed is flaky, and its document too', async (t) => {
  const file = 'f.md';
  const at = { file, line: 3 };
  const html = await render(htmlReporter(options), [
    { type: 'run-start', documents: 1, seed: 1 },
    { type: 'document-start', file, name: 'f' },
    { type: 'unit-start', file, unitId: 'f#1', name: 'twice', kind: 'fiveam-test', at },
    { type: 'point', file, unitId: 'f#1', ok: true, name: '(is (fast))', at },
    { type: 'point', file, unitId: 'f#1', ok: false, name: '(is (fast))', at },
    { type: 'unit-end', file, unitId: 'f#1', durationMs: 5 },
    { type: 'unit-start', file, unitId: 'f#2', name: 'steady', kind: 'fiveam-test', at },
    { type: 'point', file, unitId: 'f#2', ok: true, name: '(is (fast))', at },
    { type: 'point', file, unitId: 'f#2', ok: true, name: '(is (fast))', at },
    { type: 'unit-end', file, unitId: 'f#2', durationMs: 5 },
    { type: 'document-end', file, durationMs: 10 },
    { type: 'run-end', durationMs: 10, counts: { passed: 3, failed: 1, skipped: 0, todo: 0 } },
  ]);
  t.match(html, /<details class="document has-failed has-flaky" open>/);
  t.match(html, /<details class="unit failed flaky" id="unit-\d+" open><summary><span class="mark">✖<\/span> twice/);
  t.match(html, /<details class="unit passed" id="unit-\d+"><summary><span class="mark">✔<\/span> steady/);
});

t.test("a point's notes are shown beside it, unfolded, when it passed too (what it used of another document may be what made it pass)", async (t) => {
  const file = 'f.md';
  const at = { file, line: 3 };
  const note = 'uses fact defined in g.md:2, another document of the specification tree <here>';
  const run = (notes?: string[]): RunEvent[] => [
    { type: 'run-start', documents: 1, seed: 1 },
    { type: 'document-start', file, name: 'f' },
    { type: 'unit-start', file, unitId: 'f#1', name: 'borrowing', kind: 'lisp-block', at },
    { type: 'point', file, unitId: 'f#1', ok: true, name: '(= 120 (fact 5))', at, ...(notes ? { notes } : {}) },
    { type: 'unit-end', file, unitId: 'f#1', durationMs: 5 },
    { type: 'document-end', file, durationMs: 10 },
    { type: 'run-end', durationMs: 10, counts: { passed: 1, failed: 0, skipped: 0, todo: 0 } },
  ];
  const html = await render(htmlReporter(options), run([note]));
  const point = html.slice(html.indexOf('<li class="point passed">'));
  t.match(point, /^<li class="point passed"><span class="mark">✔<\/span> \(= 120 \(fact 5\)\) <a class="where"[^>]*>f\.md:3<\/a><ul class="point-notes"><li>uses fact defined in g\.md:2, another document of the specification tree &lt;here&gt;<\/li><\/ul><\/li>/);
  t.notMatch(await render(htmlReporter(options), run()), /<ul class="point-notes">/, 'no notes, no list');
});

t.test('a unit that passed on a retry is flaky, with its attempts, as TAP and JUnit mark it', async (t) => {
  const file = 'f.md';
  const at = { file, line: 3 };
  const html = await render(htmlReporter(options), [
    { type: 'run-start', documents: 1, seed: 1 },
    { type: 'document-start', file, name: 'f' },
    { type: 'unit-start', file, unitId: 'f#1', name: 'retried', kind: 'scenario', at },
    { type: 'point', file, unitId: 'f#1', ok: true, name: 'WHEN it passes on the second try', at },
    { type: 'unit-end', file, unitId: 'f#1', durationMs: 5, attempts: 2, flaky: true },
    { type: 'document-end', file, durationMs: 10 },
    { type: 'run-end', durationMs: 10, counts: { passed: 1, failed: 0, skipped: 0, todo: 0, flaky: 1 } },
  ]);
  t.match(html, /<details class="document has-flaky">/);
  t.match(html, /<details class="unit passed flaky" id="unit-\d+"><summary><span class="mark">✔<\/span> retried[^]*flaky: passed on attempt 2 of 2/);
});

t.test('the headline: green when every check ran and passed; a check skipped (an interruption, say) is not, a document with nothing to check is no check skipped', async (t) => {
  const at = { file: 'a.md', line: 3 };
  const run = (second: RunEvent[], skipped: number) => [
    { type: 'run-start', documents: 2, seed: 1 },
    { type: 'document-start', file: 'a.md', name: 'a' },
    { type: 'unit-start', file: 'a.md', unitId: 'a.md#1', name: 'sum', kind: 'lisp-block', at },
    { type: 'point', file: 'a.md', unitId: 'a.md#1', ok: true, name: '(= 3 (+ 1 2))', at },
    { type: 'unit-end', file: 'a.md', unitId: 'a.md#1', durationMs: 5 },
    { type: 'document-end', file: 'a.md', durationMs: 5 },
    ...second,
    { type: 'run-end', durationMs: 10, counts: { passed: 1, failed: 0, skipped, todo: 0 } },
  ] as RunEvent[];
  /** A document of one unit whose one point is skipped, with REASON. */
  const skippedDocument = (file: string, unitId: string, name: string, kind: 'problem' | 'scenario', reason: string) =>
    [
      { type: 'document-start', file, name: file },
      { type: 'unit-start', file, unitId, name, kind, at: { file, line: 1 } },
      { type: 'point', file, unitId, ok: true, name, skip: reason },
      { type: 'unit-end', file, unitId, durationMs: 0 },
      { type: 'document-end', file, durationMs: 0 },
    ] as RunEvent[];
  const prose = skippedDocument('proposal.md', 'proposal.md#none', 'the document', 'problem', 'no scenario, property, contract or Lisp check found');
  t.match(await render(htmlReporter(options), run(prose, 1)), /<p class="verdict passed">every check passed<\/p>/, 'beside a prose document');
  const cut = skippedDocument('b.md', 'b.md#1', 'slow', 'scenario', 'run interrupted by SIGINT before this finished');
  t.match(await render(htmlReporter(options), run(cut, 1)), /<p class="verdict incomplete">1 passed, but 1 skipped: not every check ran<\/p>/, 'beside a check an interruption cut short');
});

t.test("a terminal's colour codes in printed output are left out of the page; other control characters are shown as text; long names wrap", async (t) => {
  const file = 'c.md';
  const at = { file, line: 3 };
  const html = await render(htmlReporter(options), [
    { type: 'run-start', documents: 1, seed: 1 },
    { type: 'document-start', file, name: 'c' },
    { type: 'unit-start', file, unitId: 'c#1', name: 'Hidden \u001b[8mSECRET\u001b[0m name', kind: 'scenario', at },
    { type: 'point', file, unitId: 'c#1', ok: false, name: 'a bell \u0007 here', at, diagnostics: { printed: '\u001b[31mred\u001b[0m\r\nnext' } },
    { type: 'unit-end', file, unitId: 'c#1', durationMs: 1 },
    { type: 'document-end', file, durationMs: 1 },
    { type: 'run-end', durationMs: 1, counts: { passed: 0, failed: 1, skipped: 0, todo: 0 } },
  ]);
  t.notMatch(html, /\u001b/, 'no escape byte in the page');
  t.match(html, /Hidden SECRET name/);
  t.match(html, /a bell \\x07 here/);
  t.match(html, /red\nnext/);
  t.match(html, /summary, h4, td, \.where, \.failure > div \{ overflow-wrap: anywhere; \}/);
});
