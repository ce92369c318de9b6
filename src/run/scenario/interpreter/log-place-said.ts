// "`spec-run exec --log` is given a file in a directory that does not exist yet", "`--log` names a file under a
// folder not there yet": the event log's file said only by where it is, in a directory that is not there before the
// run. Any such name is the same run, and no document names this one: said again as `--log` with a file of a name of
// the interpreter's own in a directory of its own, which the fresh directory the scenario runs in does not hold. A
// file said otherwise (named, or in a directory said to exist) is left as written.
import { UNNAMED_LOG } from './invocation.js';

/** The directory of the unnamed log said to be in a directory not there yet: a name no document gives. */
export const UNNAMED_LOG_DIRECTORY = 'unnamed-log-dir';

const GIVEN_FILE = /(`(?:spec-run\s+exec\s+)?--log`|\bspec-run\s+exec\s+--log\b|(?<![\w`-])--log(?![\w`-]))\s+(?:is\s+given|gets|is\s+pointed\s+at|names|is\s+set\s+to)\s+a\s+(?:log\s+)?file\s+(?:in|under|inside|within)\s+a\s+(?:sub-?)?(?:directory|folder)\s+(?:that|which)\s+(?:does\s+not|doesn't)\s+(?:yet\s+)?exist(?:\s+yet)?(?=\s*(?:,|$|\band\b))/gi;

/** SENTENCE with a `--log` file said only by its directory not existing yet said with names of the interpreter's own. */
export function inLogPlaceWords(sentence: string): string {
  return sentence.replace(GIVEN_FILE, (_w, option: string) => {
    const exec = /spec-run\s+exec/.test(option);
    return `${exec ? 'spec-run exec is given ' : ''}\`--log ${UNNAMED_LOG_DIRECTORY}/${UNNAMED_LOG}\`${exec ? '' : ' is given'}, and \`${UNNAMED_LOG_DIRECTORY}\` does not exist yet`;
  });
}
