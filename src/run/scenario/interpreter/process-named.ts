// "the handler prints `cleaning up`", "the trap gets SIGTERM", "the shell printed `sh: 1: x: not found`": a command's
// own process named by what it is (the shell that runs its line, its script, a trap or signal handler in it), as the
// subject of printing or of a signal. What the process printed is the command's output and a signal it got is the
// command's, so such a fact is read as the command's, and its reading says so. The process as the owner of a text
// ("the shell's `not found` line is in the output") is not read: said of the command ("the command's `x` line"), the
// texts rules read the command's line or the whole output in it. Which command: the only one of the scenario's YAML block, or the only
// one that bears the description (a handler or trap: a line that sets a `trap`); one several fit, or none, leaves the
// sentence unread. The process's exit status is not read so: where the executor stopped the command, the command's
// is the executor's (124 at a timeout), not the handler's.
import { named } from './commands-named.js';

const PROCESS = String.raw`((?:trap|signal|sigterm|term|exit|cleanup|clean-up)\s+handler|handler|trap|shell|script)`;
/** "the handler prints …", "the trap got SIGTERM": the process as the subject of printing or of a signal, opening the sentence. */
const SUBJECT = new RegExp(String.raw`^(?:the|its)\s+${PROCESS}\s+(?=(?:prints|printed|writes|wrote|echoes|echoed|outputs|receives|received|gets|got|is\s+sent|was\s+sent)\b)`, 'i');
/** Words of the process's own end, which is not the command's where the executor stopped it. */
const ITS_END = /\b(?:exit(?:s|ed)?|status|code|returns?|returned|ends?|ended|finishe[sd])\b/i;

/** SENTENCE with its process said as the command of RUNS (the block's command lines) it is, and a note for the reading; null where none or not one. */
export function processNamed(sentence: string, runs: readonly string[] | undefined): { sentence: string; note: string } | null {
  if (runs === undefined || runs.length === 0) return null;
  const subject = SUBJECT.exec(sentence);
  if (!subject || ITS_END.test(sentence)) return null;
  const word = subject[1].toLowerCase().replace(/\s+/g, ' ');
  const handler = /handler|trap/.test(word);
  const fitting = runs.flatMap((run, i) => (!handler || /\btrap\b/.test(run) ? [i] : []));
  if (fitting.length !== 1) return null;
  const command = runs.length === 1 ? 'the command' : named(fitting[0] + 1);
  return { sentence: `${command} ${sentence.slice(subject[0].length)}`, note: `(the ${word}: ${command}'s own process; what it printed or was sent is the command's) ` };
}
