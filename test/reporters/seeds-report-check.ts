// Run by scripts/test.mjs right after `spec-run ../shared/seed-specs --reporter tap
// --reporter html:... --reporter junit:...` (whose TAP the suite reads back): the
// JUnit file of that one run must be well-formed XML, and its HTML page must render
// in headless chromium, loading nothing but itself, with every document and
// requirement in it. Not a *.test.js file: it checks the output of that run.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import t from 'tap';
import { root } from '../cli/spec-run.js';
import { findChromium, launchChromium, NO_CHROMIUM } from './browser.js';

// The files of that run, as scripts/test.mjs names them; without them (run by `tap
// dist/test`) there is no run to check.
const [SEEDS_HTML, SEEDS_JUNIT] = process.argv.slice(2).map((file) => resolve(root, file));

t.test('the seeds run wrote its HTML page and its JUnit file', { skip: SEEDS_JUNIT ? false : 'run by scripts/test.mjs after the seeds run, with its two files' }, async (t) => {
  t.ok(existsSync(SEEDS_HTML), 'the HTML page was written');
  t.ok(existsSync(SEEDS_JUNIT), 'the JUnit file was written');
  if (!existsSync(SEEDS_HTML) || !existsSync(SEEDS_JUNIT)) return;
  const html = readFileSync(SEEDS_HTML, 'utf8');
  t.notMatch(html, /https?:\/\//, 'no external URL in the page');
  t.match(readFileSync(SEEDS_JUNIT, 'utf8'), /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites>/, 'the JUnit file starts as JUnit XML');

  const chromium = findChromium();
  if (!chromium) {
    await t.test('the page and the XML in a browser', { skip: NO_CHROMIUM }, async () => {});
    return;
  }
  const browser = await launchChromium(chromium);
  t.teardown(() => browser.close());
  const page = await browser.newPage();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const url = pathToFileURL(SEEDS_HTML).href;
  await page.goto(url, { waitUntil: 'load' });
  t.same(requested, [url], 'the page loads nothing but itself');
  t.equal(await page.$$eval('details.document', (all) => all.length), 5, 'the five seed documents');
  t.ok(await page.$eval('#requirements', (element) => element.checkVisibility()), 'the requirements view is shown');
  t.ok((await page.$$eval('#requirements tr.requirement', (rows) => rows.length)) >= 11, 'the requirements of the OpenSpec seed and the Lisp seeds');
  t.ok(await page.$eval('.filters', (element) => element.checkVisibility()), 'the filters, with the script');
  await page.screenshot({ path: join(root, '.tap', 'artefacts', 'seeds-report.png'), fullPage: true });
  const junit = readFileSync(SEEDS_JUNIT, 'utf8');
  const xmlProblem = await page.evaluate((text) => {
    const parsed = new DOMParser().parseFromString(text, 'application/xml');
    return parsed.querySelector('parsererror')?.textContent ?? (parsed.documentElement.nodeName === 'testsuites' ? null : `root is ${parsed.documentElement.nodeName}`);
  }, junit);
  t.equal(xmlProblem, null, 'the JUnit file is well-formed XML with a testsuites root');
  t.equal(await page.evaluate((text) => new DOMParser().parseFromString(text, 'application/xml').querySelectorAll('testsuite').length, junit), 5, 'a testsuite per seed');
});
