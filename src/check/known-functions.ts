// Asks SBCL, started from the driver image (CL, SBCL's extensions, FiveAM and the test
// vocabulary, as spec code sees them), which of the called names it does not know.
// The image is the caller's to give: check does not reach into the run stage.
import { execa } from 'execa';
import { defaultLisp } from '../lisp-image/core-image.js';
import { lispSources } from '../lisp-image/sources.js';

const [query] = lispSources(import.meta.url, ['known-functions.lisp']);

/** Maps each unknown name (as given) to the reason: "undefined" or "no package named X"; `driverImage` gives the core to ask. */
export async function unknownOperators(names: string[], driverImage: () => Promise<string>): Promise<Map<string, string>> {
  const unknown = new Map<string, string>();
  if (names.length === 0) return unknown;
  const image = await driverImage();
  const { stdout } = await execa(
    defaultLisp().sbcl,
    ['--core', image, '--noinform', '--disable-ldb', '--end-runtime-options', '--no-sysinit', '--no-userinit', '--disable-debugger', '--load', query, '--eval', '(sb-ext:exit)'],
    { input: names.join('\n') + '\n' },
  );
  for (const line of stdout.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) unknown.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return unknown;
}
