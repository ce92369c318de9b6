// Several reporters in one real run with failures, and its HTML page in a real browser:
// Debian's chromium, headless, driven by puppeteer-core. The page must load nothing
// from anywhere, show the failing point, and its "failed" filter must hide the rest.
// A screenshot is kept in .tap/ (git-ignored) as the test's artefact.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import t from 'tap';
import type { Browser, Page } from 'puppeteer-core';
import { parseTap, root, specRun } from '../cli/spec-run.js';
import { findChromium, launchChromium, NO_CHROMIUM } from './browser.js';

const ARTEFACTS = join(root, '.tap', 'artefacts');

const document = (name: string, frontmatter: string, body: string) => `---
type: verification
name: ${name}
${frontmatter}
---
# ${name}

The runtime MUST evaluate arithmetic.

## Setup

\`\`\`lisp
(defvar *session* (make-test-session))
\`\`\`

${body}`;

const sum = document(
  'sum-contract',
  'source: contracts/sum.md',
  `## Sum is right

\`\`\`lisp
(assert (search "=> 6" (result-content-text (evaluate-in-session *session* "(+ 1 2 3)"))))
\`\`\`

## Sum is wrong on purpose

\`\`\`lisp
(let ((text (result-content-text (evaluate-in-session *session* "(+ 2 2)"))))
  (assert (search "=> 5" text)))
\`\`\`
`,
);

const product = document(
  'product-contract',
  'covers: [contracts/product]',
  `## Product

\`\`\`lisp
(assert (search "=> 6" (result-content-text (evaluate-in-session *session* "(* 2 3)"))))
\`\`\`
`,
);

t.test('tap on stdout, JUnit, JSON and HTML files from one run with a failure', async (t) => {
  const dir = t.testdir({ docs: { 'sum.test.md': sum, 'product.test.md': product } });
  const run = await specRun(['docs', '--reporter', 'tap', '--reporter', 'html:out/report.html', '--reporter', 'junit:out/junit.xml', '--reporter', 'json:out/run.jsonl'], dir);
  t.equal(run.code, 1, 'the failing assertion makes the run fail');
  const tap = await parseTap(run.stdout);
  t.equal(tap.ok, false);
  t.same(tap.failures.length > 0, true);
  t.equal(tap.plan.end, 2, 'one subtest per document');
  t.match(run.stderr, /^requirements: 1 verified, 1 failing, 0 untested$/m);
  t.match(run.stderr, /^2 passed, 1 failed, 0 skipped, 0 todo$/m);

  const junit = readFileSync(join(dir, 'out/junit.xml'), 'utf8');
  t.match(junit, /<testsuite name="sum-contract"[^>]*failures="1"/);
  t.match(junit, /<property name="requirement:docs\/sum\.test\.md#contracts\/sum\.md" value="failing"\/>/);

  const events = readFileSync(join(dir, 'out/run.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  const failing = events.find((e) => e.type === 'point' && !e.ok);
  const transcript = failing.attachments.find((a: { name: string }) => a.name === 'MCP transcript');
  t.match(transcript.value.exchanges.at(-1), { request: { method: 'tools/call', params: { arguments: { code: '(+ 2 2)' } } }, response: { result: { content: [{ text: '=> 4' }] } } }, 'the unit\'s last exchange is in the transcript');
  t.same(
    events.at(-1).requirements.map((r: { id: string; status: string }) => [r.id, r.status]),
    [['docs/product.test.md#contracts/product', 'verified'], ['docs/sum.test.md#contracts/sum.md', 'failing']],
  );

  const html = readFileSync(join(dir, 'out/report.html'), 'utf8');
  t.notMatch(html, /https?:\/\//, 'no external URL in the page');
  t.match(html, /attachment: MCP transcript/);
  t.match(html, /href="\.\.\/docs\/sum\.test\.md"/, 'file:line links relative to the report');

  const chromium = findChromium();
  if (!chromium) {
    await t.test('the page in a browser', { skip: NO_CHROMIUM }, async () => {});
    return;
  }
  const browser: Browser = await launchChromium(chromium);
  t.teardown(() => browser.close());
  const url = pathToFileURL(join(dir, 'out/report.html')).href;

  await t.test('rendered with its script: the failing point is visible, the "failed" filter hides passing units', async (t) => {
    const page: Page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 2000 });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(url, { waitUntil: 'load' });
    t.same(requested, [url], 'the page loads nothing but itself');
    const visible = (selector: string) => page.$eval(selector, (element) => element.checkVisibility());
    const failingPoint = 'details.unit.failed li.point.failed';
    t.ok(await visible(failingPoint), 'the failing point is visible, its unit expanded');
    t.match(await page.$eval(failingPoint, (element) => element.textContent), /\(search "=> 5" text\)/);
    t.ok(await visible('#failures .failure'), 'the failures section shows it first');
    const passingBesideFailure = 'details.document.has-failed details.unit.passed';
    t.ok(await visible(passingBesideFailure), 'a passing unit beside the failing one is listed before filtering');
    await page.click('.filters button[data-filter="failed"]');
    t.equal(await page.$eval('body', (body) => body.dataset.filter), 'failed');
    t.notOk(await visible(passingBesideFailure), 'the failed filter hides passing units');
    t.ok(await visible(failingPoint), 'and keeps the failing one');
    const hiddenDocuments = await page.$$eval('details.document', (all) => all.filter((d) => !d.checkVisibility()).length);
    t.equal(hiddenDocuments, 1, 'the document without failures is hidden');
    mkdirSync(ARTEFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTEFACTS, 'html-report-failed-filter.png'), fullPage: true });
    await page.click('.filters button[data-filter="all"]');
    t.ok(await visible(passingBesideFailure), '"all units" shows them again');
    await page.screenshot({ path: join(ARTEFACTS, 'html-report.png'), fullPage: true });
    t.ok(existsSync(join(ARTEFACTS, 'html-report.png')), 'screenshot kept in .tap/artefacts');
  });

  await t.test('rendered without JavaScript: everything readable, no filter buttons', async (t) => {
    const page: Page = await browser.newPage();
    await page.setJavaScriptEnabled(false);
    await page.goto(url, { waitUntil: 'load' });
    t.ok(await page.$eval('details.unit.failed li.point.failed', (element) => element.checkVisibility()), 'the failing point is visible');
    t.notOk(await page.$eval('.filters', (element) => element.checkVisibility()), 'the filters, which need the script, are hidden');
    t.ok(await page.$eval('#requirements', (element) => element.checkVisibility()), 'the requirements view is shown');
  });
});
