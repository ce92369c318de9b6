// How a When says what spec-run exec is run with, in words other than its options and the shapes the rules read:
// an event log given ("the run is given an event log", "with logging to `x.jsonl`"), failures logged too ("with the
// logging of failures as well"), a signal at a time ("gets SIGINT ~3 secs into the first step", "receives SIGINT 2
// seconds after the start of the first command"). Each is said again in the shape the rules read (`--log …`, "is sent
// SIGINT about 3 seconds after the first command started"), so it is set up exactly as those are; a phrase that fits
// none is left as written, and stays unread.
import { UNNAMED_LOG } from './invocation.js';


/** "an event log", "its event log", "the event log", "a log file", "an events log", optionally named after it ("… to `x.jsonl`"). */
const LOG_GIVEN = new RegExp(
  String.raw`\b(?:is\s+given|gets|is\s+handed|is\s+run\s+with|runs\s+with|keeps|writes|with)\s+(?:an?|its|the)\s+(?:event(?:s)?\s+log|log\s+file|jsonl\s+log|log\s+of\s+(?:its\s+)?events)(?:\s+(?:at|to|in|into|called|named)\s+\x60([\w./-]+)\x60)?`,
  'gi',
);
/** "with logging to `x.jsonl`", "logging its events to `x.jsonl`". */
const LOGGING_TO = /\b(?:with\s+)?(?:event\s+)?logging\s+(?:(?:its\s+)?events\s+)?(?:to|into|in)\s+`([\w./-]+)`/gi;
/** "with the logging of failures as well", "failures logged too", "logging failures as well", "with failures logged": the failures' output in the log. */
const FAILURES_LOGGED = /,?\s*(?:\b(?:and|with)\s+)?(?:\bthe\s+logging\s+of\s+failures|\blogging\s+(?:of\s+)?failures|\b(?:its\s+|the\s+)?failures\s+(?:are\s+|being\s+)?logged)(?:\s+(?:as\s+well|too|also))?\b/gi;

/** The numbers of the signals a sentence may name with them. */
const SIGNAL_NUMBERS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

/** Ways of giving a time's unit and its approximation that the rules read in one spelling: "~3 secs", "some 3 sec". */
function inTimeWords(sentence: string): string {
  return sentence
    .replace(/(?:~\s*|\b(?:approx\.?|approximately|roughly|around|some)\s+)(?=\d+(?:\.\d+)?\s*(?:s|secs?|seconds?|ms|milliseconds?|minutes?)\b)/gi, 'about ')
    .replace(/\b(\d+(?:\.\d+)?)\s*secs?\b/gi, '$1 seconds');
}

/**
 * A signal sent at a time said of spec-run exec in other words: "gets SIGINT" (as "is sent SIGINT"), "after the start
 * of the first command" (as "after the first command started"). Said with a subject other than spec-run exec's words,
 * "gets" stays: what a command gets is not the executor's.
 */
function inSignalWords(sentence: string): string {
  return sentence
    // "SIGINT (2)": the signal with its number, which says it again.
    .replace(/\b(SIG(?:HUP|INT|KILL|TERM))\s+\((\d+)\)/g, (whole, name: string, n: string) => (SIGNAL_NUMBERS[name] === Number(n) ? name : whole))
    // "SIGINT reaches spec-run exec": spec-run exec is sent it.
    .replace(/\b(SIG[A-Z]{2,})\s+(?:reaches|hits)\s+(`?spec-run(?:\s+exec)?`?)/g, '$2 is sent $1')
    .replace(/\b(?:gets|is\s+hit\s+with|is\s+given)\s+(?=SIG[A-Z]{2,}\b)/g, 'is sent ')
    .replace(/\bafter\s+the\s+start\s+of\s+(?:the\s+)?(first|second|third|fourth|fifth|last|only)\s+(command|check|step|job)\b/gi, (_w, which: string) => `after the ${which.toLowerCase() === 'only' ? 'first' : which.toLowerCase()} command started`)
    .replace(/^(?=is\s+sent\s+SIG)/, 'spec-run exec ')
    // "spec-run runs `x` … and is sent SIGTERM …": the signal's clause, its subject left out, is said of spec-run, the sentence's.
    .replace(/^(\s*`?spec-run(?:\s+exec)?\b.*?,?\s+and\s+)(?=is\s+sent\s+SIG)/, '$1spec-run exec ');
}

/** The event log and the logging of failures said in words, as the option the rules read (`--log events.jsonl --log-failures`). */
function inLogWords(sentence: string): string {
  let named: string | undefined;
  let given = false;
  let said = sentence
    .replace(LOG_GIVEN, (_w, name: string | undefined) => {
      given = true;
      named = name ?? named;
      return 'is given \u0000';
    })
    .replace(LOGGING_TO, (_w, name: string) => {
      given = true;
      named = name;
      return 'with \u0000';
    });
  const failures = FAILURES_LOGGED.test(said);
  FAILURES_LOGGED.lastIndex = 0;
  if (!given && !failures) return sentence;
  // Failures logged with no log said in words: only where the sentence gives `--log` itself.
  if (!given) return /`--log\s+[\w./-]+`/.test(sentence) ? sentence.replace(FAILURES_LOGGED, '').replace(/`(--log\s+[\w./-]+)`/, (_w, option: string) => `\`${option} --log-failures\``) : sentence;
  if (failures) said = said.replace(FAILURES_LOGGED, '');
  const option = `\`--log ${named ?? UNNAMED_LOG}${failures ? ' --log-failures' : ''}\``;
  return said.replace('\u0000', option).replace(/\u0000/g, option);
}

/** SENTENCE with what spec-run exec is run with said in the shapes the rules read (see the head of this file). */
export function inRunWords(sentence: string): string {
  return inLogWords(inSignalWords(inTimeWords(sentence)));
}
