// Asks SBCL, started from the driver image (CL, SBCL's extensions, FiveAM and the test
// vocabulary, as spec code sees them), which of the called names it does not know.
// The image is the caller's to give: check does not reach into the run stage.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { execa } from 'execa';
import { defaultLisp } from '../lisp-image/core-image.js';
import { lispSources } from '../lisp-image/sources.js';

const [query] = lispSources(import.meta.url, ['known-functions.lisp']);

/** SBCL's command line: the driver image IMAGE, loading the query, which answers what stdin asks. */
const queryArguments = (image: string) => ['--core', image, '--noinform', '--disable-ldb', '--end-runtime-options', '--no-sysinit', '--no-userinit', '--disable-debugger', '--load', query, '--eval', '(sb-ext:exit)'];

/** Adds the answer lines "name\treason[\tnear name]" to UNKNOWN. */
function readAnswer(line: string, unknown: Map<string, string>): void {
  const tab = line.indexOf('\t');
  if (tab > 0) unknown.set(line.slice(0, tab), line.slice(tab + 1));
}

/** Maps each unknown name (as given) to the reason: "undefined" or "no package named X"; `driverImage` gives the core to ask. */
export async function unknownOperators(names: string[], driverImage: () => Promise<string>): Promise<Map<string, string>> {
  const unknown = new Map<string, string>();
  if (names.length === 0) return unknown;
  const { stdout } = await execa(defaultLisp().sbcl, queryArguments(await driverImage()), { input: names.join('\n') + '\n' });
  for (const line of stdout.split('\n')) readAnswer(line, unknown);
  return unknown;
}

/**
 * The same question for a long session (the language server, asking after each change):
 * one SBCL process answers batch after batch, each ended by an empty line both ways, so a
 * change costs no SBCL start. A process that ends is started again for the next batch.
 */
export class UnknownOperatorsSession {
  private sbcl: { child: ChildProcessWithoutNullStreams; lines: AsyncIterator<string> } | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly driverImage: () => Promise<string>) {}

  /** As `unknownOperators`, batches asked one after the other. */
  ask(names: string[]): Promise<Map<string, string>> {
    const answer = this.queue.then(() => this.askNow(names));
    this.queue = answer.catch(() => {});
    return answer;
  }

  private async askNow(names: string[]): Promise<Map<string, string>> {
    const unknown = new Map<string, string>();
    if (names.length === 0) return unknown;
    this.sbcl ??= await this.start();
    const { child, lines } = this.sbcl;
    child.stdin.write(`${names.join('\n')}\n\n`);
    for (;;) {
      const next = await lines.next();
      if (next.done) {
        this.sbcl = null;
        throw new Error(`SBCL answering which names exist ended (exit ${child.exitCode ?? child.signalCode})`);
      }
      if (next.value === '') return unknown;
      readAnswer(next.value, unknown);
    }
  }

  private async start(): Promise<{ child: ChildProcessWithoutNullStreams; lines: AsyncIterator<string> }> {
    const child = spawn(defaultLisp().sbcl, queryArguments(await this.driverImage()), { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stderr.resume();
    child.on('error', () => {}); // a failed start shows as the end of its answers
    return { child, lines: createInterface({ input: child.stdout })[Symbol.asyncIterator]() };
  }

  /** Ends the process: closing its input ends its loop. */
  close(): void {
    this.sbcl?.child.stdin.end();
    this.sbcl = null;
  }
}
