/**
 * What the executor itself said in a report: a claim about its notices ("the report says the command
 * was killed", "a timeout notice is shown", "mentions SIGKILL") is decided by the executor's own words,
 * never by a line the command printed nor by the report's echo of the command's line, which hold
 * whatever the command chose to print or was written as.
 */
import type { Observation } from './observation.js';
import { withoutQuotedCommands } from './texts.js';

/** The heading of a command's output block in its report. */
const OUTPUT_HEADING = /^(Partial )?Output:$/;

/**
 * TEXT, a part of the report (one command's, or all the run printed), with the lines the commands
 * printed left out of their output blocks (the executor's notices there kept) and the command lines
 * it echoes shown as `…`. A block ends at its first line that is neither a printed line nor a notice.
 */
export function executorWords(text: string, o: Observation): string {
  const printed = new Set(o.record.commands.flatMap((c) => c.lines.map((l) => l.text)));
  const notices = new Set(o.record.commands.flatMap((c) => [...c.outputNotices, ...c.notices]));
  const kept: string[] = [];
  let inBlock = false;
  for (const line of withoutQuotedCommands(text, o).split('\n')) {
    if (inBlock && notices.has(line)) kept.push(line);
    else if (!(inBlock && printed.has(line))) {
      inBlock = OUTPUT_HEADING.test(line);
      kept.push(line);
    }
  }
  return kept.join('\n');
}
