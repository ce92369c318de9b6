// The language server's latency as an editor sees it: spec-run lsp --stdio driven over
// stdio (test/support/lsp-client.ts) on a project with a 500-line Lisp document and a
// 500-line OpenSpec document. Diagnostics: from a change to the publication showing it,
// each change bringing a name (or step) never seen before, so SBCL is asked every time
// and nothing is answered from a cache; the 100 ms debounce is included. Completion:
// the request right after a change, so the document is read again first.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startLspClient, type LspClient } from '../test/support/lsp-client.js';
import { formatTable, median, percentile, type BenchRow } from './table.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(root, 'dist/src/cli/main.js');
const ROUNDS = 15;
const LINES = 500;

/** A Lisp document of about LINES lines: definitions, then sections of assertions calling them and the vocabulary. */
function lispDocument(): string {
  const lines = ['---', 'type: verification', 'name: latency', '---', '# Latency', '', '## Setup', '', '```lisp', '(defvar *session* (make-test-session))'];
  for (let i = 0; i < 10; i++) lines.push(`(defun helper-${i} (n)`, `  "Adds ${i} to N."`, `  (+ n ${i}))`);
  lines.push('```', '');
  for (let section = 0; lines.length < LINES - 12; section++) {
    lines.push(`## Check ${section}`, '', '```lisp');
    lines.push(`(let ((response (evaluate-in-session *session* "(+ ${section} 1)")))`, `  (assert (search "=> ${section + 1}" (result-content-text response))))`);
    for (let i = 0; i < 4; i++) lines.push(`(assert (= (helper-${i} ${section}) ${section + i}))`);
    lines.push('```', '');
  }
  return lines.join('\n');
}

const STEPS = Array.from({ length: 20 }, (_, i) => `Then('measure ${i} reads {int} units', function (n) {\n  if (n < 0) throw new Error(); this.seen = n;\n});`);

function openspecDocument(): string {
  const lines = ['# Latency', ''];
  for (let r = 0; lines.length < LINES - 12; r++) {
    lines.push(`### Requirement: Measure ${r}`, `The measure SHALL read ${r} units.`, '');
    for (let s = 0; s < 3; s++) lines.push(`#### Scenario: Reading ${r}.${s}`, ...[0, 1, 2].map((k) => `- **THEN** measure ${(r + s + k) % 20} reads ${r * 10 + k} units`), '');
  }
  return lines.join('\n');
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Milliseconds from each change to the diagnostics showing it: the change's line is the last. */
async function diagnosticsLatency(client: LspClient, uri: string, base: string, changed: (round: number) => string, shows: (round: number) => RegExp): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const published = client.diagnostics(uri, (ds) => ds.some((d) => shows(round).test(d.message as string)));
    times.push(await timed(async () => {
      client.change(uri, `${base}\n${changed(round)}\n`);
      await published;
    }));
  }
  return times;
}

/** Milliseconds of a completion request at the end of TYPED, appended to BASE, right after the change. */
async function completionLatency(client: LspClient, uri: string, base: string, typed: string): Promise<{ times: number[]; offered: number }> {
  const times: number[] = [];
  let offered = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const lines = `${base}\n${typed}${'-'.repeat(round % 2)}`.split('\n');
    client.change(uri, lines.join('\n'));
    times.push(await timed(async () => {
      const items = await client.request<unknown[]>('textDocument/completion', { textDocument: { uri }, position: { line: lines.length - 1, character: lines.at(-1)!.length } });
      offered = items.length;
    }));
  }
  return { times, offered };
}

/** The benchmark's project in DIR: the two documents and their steps file. */
export function latencyProject(dir: string): { lisp: string; spec: string } {
  const lisp = lispDocument();
  const spec = openspecDocument();
  const files: Record<string, string> = { 'specs/latency.test.md': lisp, 'specs/latency.spec.md': spec, 'steps/latency.steps.mjs': `import { Then } from 'spec-run/steps';\n\n${STEPS.join('\n\n')}\n` };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return { lisp, spec };
}

export async function runLspBench(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'spec-run-bench-lsp-'));
  const { lisp, spec } = latencyProject(dir);
  const client = await startLspClient([process.execPath, cli, 'lsp', '--stdio'], dir);
  try {
    const lispUri = client.open(join(dir, 'specs/latency.test.md'));
    const specUri = client.open(join(dir, 'specs/latency.spec.md'));
    // The first check builds or loads the driver image and loads the steps: not what typing costs.
    await Promise.all([client.diagnostics(lispUri), client.diagnostics(specUri)]);
    const nonce = Date.now().toString(36);
    const lispTimes = await diagnosticsLatency(client, lispUri, lisp.trimEnd(), (round) => `## Typed ${round}\n\n\`\`\`lisp\n(assert (helper-typo-${nonce}-${round} 1))\n\`\`\``, (round) => new RegExp(`'helper-typo-${nonce}-${round}' is called`));
    const specTimes = await diagnosticsLatency(client, specUri, spec.trimEnd(), (round) => `#### Scenario: Typed ${round}\n- **THEN** measure typed ${round} times`, (round) => new RegExp(`^undefined step 'measure typed ${round} times'`));
    const steps = await completionLatency(client, specUri, spec.trimEnd(), '#### Scenario: Typing\n- **THEN** measure');
    const vocabulary = await completionLatency(client, lispUri, lisp.trimEnd(), '## Typing\n\n```lisp\n(evaluate-in');
    const row = (metric: string, times: number[], target: number, note: string): BenchRow => ({ metric, value: median(times), unit: 'ms', target, note: `p90 ${percentile(times, 90).toFixed(0)} ms over ${times.length}; ${note}` });
    return formatTable('Language server latency (spec-run lsp --stdio, 500-line documents)', [
      row('diagnostics after a change, Lisp document', lispTimes, 300, `${lisp.split('\n').length} lines, a new unknown name each change (SBCL asked)`),
      row('diagnostics after a change, OpenSpec document', specTimes, 300, `${spec.split('\n').length} lines, 20 step definitions, a new undefined step each change`),
      row('completion in a step, after a change', steps.times, 100, `${steps.offered} definitions offered`),
      row('completion in a Lisp block, after a change', vocabulary.times, 100, `${vocabulary.offered} names offered`),
    ]);
  } finally {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await runLspBench());
}
