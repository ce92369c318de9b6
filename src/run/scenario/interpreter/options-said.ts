// The options of `spec-run exec` said in words rather than as flags: "with the event log directed to `x.jsonl`",
// "writing its event log to x.jsonl", "with an event log", "and the logging of failures", "failure logging
// enabled"; and options said not given ("without `--project`", "but failure logging not enabled", "with
// `--log-failures` off"). Each is said again as the flag it is, in code marks (`--log x.jsonl`), for the
// invocation's frames (invocation.ts) to parse with spec-run exec's own parser; an option said not given is
// the run's default, taken out where no other word of the sentence gives it, and left (unread) where one does.
import { EXEC_OPTIONS } from '../../../executor/cli.js';

/** A file name the event log is given: in code marks or bare, with an extension ("gate-events.log", "logs/run.jsonl"). */
const LOG_FILE = String.raw`(?:\`([\w.~/-]*[\w-]\.\w+)\`|([\w.~/-]*[\w-]\.[A-Za-z]\w*))(?![\w/-])`;
/** The event log as a noun: "the event log", "an events log", "its event log file", "the `--log` file". */
const EVENT_LOG = String.raw`(?:the|an|its|a)\s+(?:events?\s+log(?:\s+file)?|\`--log\`\s+file|log\s+file)`;
/** Verbs that send the log somewhere: "directed to", "written to", "sent to", "pointed at", "going to". */
const SENT = String.raw`(?:directed|redirected|written|sent|pointed|routed|set|going|saved|kept|stored|configured)\s+(?:to|at|into|in|as)`;

/** Failure logging, said as a thing: "failure logging", "the logging of failures", "logging of failed commands", "`--log-failures`". */
const FAILURE_LOGGING = String.raw`(?:(?:the\s+)?(?:failure\s+logging|logging\s+of\s+(?:failures|failed\s+commands)|failures?\s+log(?:ging)?)|\`--log-failures\`)`;
const ON = String.raw`(?:enabled|on|turned\s+on|switched\s+on|requested|given|set)`;
const OFF = String.raw`(?:not\s+(?:enabled|on|turned\s+on|requested|given|set)|disabled|off|turned\s+off|switched\s+off|left\s+off)`;

/** The options spec-run exec takes, each as it may be said absent. */
const OPTION_NAMES = Object.keys(EXEC_OPTIONS).map((name) => `--${name}`);

export interface OptionsSaid {
  sentence: string;
  /** What was said in words, as a reader checks it ("the event log directed to x.jsonl = --log x.jsonl"). */
  said: string[];
}

/** SENTENCE with the options it says in words said as flags, and those it says are not given taken out (see the head of this file). */
export function withOptionsSaid(sentence: string): OptionsSaid {
  const said: string[] = [];
  const flag = (words: string, option: string) => {
    said.push(`"${words.trim()}" = ${option}`);
    return option;
  };
  let text = sentence
    // "with the event log directed to x.jsonl", "the event log written to `x.jsonl`", "(with) its event log going to x.jsonl".
    .replace(new RegExp(String.raw`\b(with\s+|and\s+)?${EVENT_LOG}\s+${SENT}\s+${LOG_FILE}`, 'gi'), (whole, lead: string | undefined, coded: string | undefined, bare: string | undefined) => `${lead ?? 'with '}\`${flag(whole, `--log ${coded ?? bare}`)}\``)
    // "writing (its) event log to x.jsonl", "logging events to x.jsonl": the run's own doing.
    .replace(new RegExp(String.raw`\b(?:writing|sending|directing)\s+(?:its\s+|the\s+|an\s+)?events?(?:\s+log)?\s+(?:to|into)\s+${LOG_FILE}`, 'gi'), (whole, coded: string | undefined, bare: string | undefined) => `with \`${flag(whole, `--log ${coded ?? bare}`)}\``)
    // "with the event log x.jsonl", "with an event log (called|named|at) `x.jsonl`".
    .replace(new RegExp(String.raw`\b(with|and|using)\s+${EVENT_LOG}\s+(?:(?:called|named|at|in)\s+)?${LOG_FILE}`, 'gi'), (whole, lead: string, coded: string | undefined, bare: string | undefined) => `${lead} \`${flag(whole, `--log ${coded ?? bare}`)}\``)
    // "with an event log": a log of no name (invocation.ts names one no document gives).
    .replace(new RegExp(String.raw`\b(with|and|using)\s+(?:an|the)\s+events?\s+log(?:\s+file)?(?![\w-])(?!\s+(?:${SENT}|called|named|at|in)\b)`, 'gi'), (whole, lead: string) => `${lead} \`${flag(whole, '--log')}\``);
  // Failure logging given right after the log: "`--log x` and the logging of failures", "… with failure logging enabled", "… plus failure logging on".
  // (Said elsewhere, "is given an event log with the logging of failures as well", it is run-words.ts's, which readWhen applies.)
  text = text.replace(new RegExp(String.raw`(\x60--log(?:\s[^\x60]*)?\x60)\s+(with|and|plus)\s+(?!\x60--log-failures\x60)(${FAILURE_LOGGING}(?:\s+${ON})?)(?![\w-])(?!\s+(?:not|disabled|off|turned\s+off)\b)`, 'gi'), (_w, log: string, lead: string, words: string) => `${log} ${lead} \`${flag(words, '--log-failures')}\``);
  // Options said not given: "without `--project`", "without any `--image-alias`", "but failure logging not enabled", "with `--log-failures` off", "and no `--log`".
  const absent: [RegExp, string][] = [
    [new RegExp(String.raw`,?\s*\b(?:but|and|with)\s+${FAILURE_LOGGING}\s+${OFF}(?![\w-])`, 'gi'), '--log-failures'],
    [new RegExp(String.raw`,?\s*\b(?:but\s+|and\s+)?(?:without|with\s+no|and\s+no|but\s+no)\s+${FAILURE_LOGGING}(?![\w-])`, 'gi'), '--log-failures'],
    ...OPTION_NAMES.filter((o) => o !== '--log-failures').map((option): [RegExp, string] => [new RegExp(String.raw`,?\s*\b(?:but\s+|and\s+)?(?:without|with\s+no|and\s+no|but\s+no)\s+(?:any\s+|the\s+)?(?:option\s+)?\`${option}\`(?:\s+(?:option|flag))?(?![\w-])`, 'gi'), option]),
  ];
  for (const [pattern, option] of absent) {
    const without = text.replace(pattern, (whole) => {
      said.push(`"${whole.replace(/^[,\s]+/, '')}" = no ${option} (the default)`);
      return ' ';
    });
    if (without === text) continue;
    // Given in another word of the sentence as well: a contradiction, left for no rule to read.
    if (new RegExp(String.raw`\`${option}(?:[\s=\`]|$)`).test(without)) {
      said.splice(said.findIndex((s) => s.endsWith(`= no ${option} (the default)`)));
      continue;
    }
    text = without;
  }
  return { sentence: text.replace(/\s{2,}/g, ' ').replace(/\s+([,:])/g, '$1').trim(), said };
}
