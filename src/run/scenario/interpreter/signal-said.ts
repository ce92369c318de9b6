// How a When says whom a signal goes to and when, in the words of people who send it from a shell or a CI job, said
// again in the shapes the interrupt's rule and the moment's words (interrupt-moment.ts) read:
//
// - whom: "to its process", "to the whole process group (npx, sh and node, like Ctrl-C in a terminal)", "only to the
//   node process of spec-run (not to npx)", "to spec-run exec's own node process only". spec-run exec starts each
//   command as the leader of a process group of its own, so a signal to the group spec-run exec was started in (its
//   package runner, its shell, node) reaches spec-run exec and never a command directly: each is spec-run exec sent the
//   signal. Said of a process that is not spec-run exec's ("the command's process", "the shell that runs it") it is
//   left as written.
// - "SIGINT goes to spec-run exec": it is sent to it.
// - when: "~1s after line [1/3] … is printed": after the announcement of command 1, which is when command 1 starts
//   (the run arms its signal at that announcement); "and, 3 seconds later, SIGTERM is sent" right after spec-run exec
//   is said started: that long after it started. A "later" after another signal is that signal's, left as written.
// - "a few seconds into the second of four commands", "while command 2 sleeps": the moment said by the command it comes
//   during, which the run makes so and checks (interrupt-moment.ts).
// - "sends SIGINT to spec-run exec i1.yaml", "… after npx spec-run exec hook.yaml started": the command line named as
//   the signal's recipient, or as what started, is how spec-run exec was started: said so first, and the signal said of
//   spec-run exec.
//
// A sentence with no signal in it is returned as it is.

const SIGNALLED = /\bSIG(?:INT|TERM|HUP)\b|\binterrupt|\bctrl[- +]?c\b/i;
const OWNER = String.raw`(?:\`?spec-run(?:\s+exec)?\`?|the\s+(?:executor|runner|SUT))`;
/** A word that names spec-run exec (or a document's name for it) somewhere in the sentence, which "its" may stand for. */
const NAMES_EXEC = /\bspec-run\b|\bthe\s+(?:executor|runner|SUT|wrapper)\b/i;
/** Processes that are not spec-run exec's: "its process" may be theirs. */
/** Nouns of what is not spec-run exec whose process "its" may name. */
const COMMAND_NOUN = /\b(?:commands?|jobs?|steps?|checks?|stages?|invocations?|containers?|shells?|traps?|handlers?|cmd)\b/i;
const OTHER_PROCESS = /\b(?:command|job|step|check|stage|container|shell|trap|handler)(?:'s|\s+process)\b|\bthe\s+shell\b/i;
/** A parenthesis that only says which processes the group holds, or that npx is left out: "(npx, sh and node, like Ctrl-C in terminal)". */
const GROUP_ASIDE = String.raw`\s*\((?:\s*(?:npx|sh|node|bash|and|or|like|as|a|an|the|in|its|ctrl[- +]?c|terminal|report|screen|would|does|not|to|only|shell|runner|package|process(?:es)?|[,;:])\s*)+\)`;
const RECIPIENT = new RegExp(
  String.raw`\b(only\s+)?to\s+(?:(its|(?:the\s+)?${OWNER}'s|the)\s+)?(?:own\s+)?(?:(?:whole|entire)\s+)?(?:node\s+)?process(?:\s+(group)|\s+ID|\s+id)?(?:\s+of\s+(${OWNER}))?(\s+only)?(?:${GROUP_ASIDE})?`,
  'gi',
);
/** Spec-run exec's command line, bare: a runner, the configuration file, and options with their values. */
const LINE = String.raw`(?:(?:npx|pnpx|bunx)\s+)?spec-run\s+exec\s+(?:--[a-z][\w-]*(?:[ =](?!--)[^\s,;()\`]+)?\s+)*[\w.~/-]*[\w-]\.ya?ml(?:\s+--[a-z][\w-]*(?:[ =](?!--)[^\s,;()\`]+)?)*`;
const TIME = String.raw`(?:about\s+|roughly\s+|around\s+|some\s+|~\s*)?(?:\d+(?:\.\d+)?|[a-z]+|half\s+a)\s*(?:seconds?|secs?|s|ms|milliseconds?)`;
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];

/** SENTENCE with whom a signal goes to and when said in the interrupt's shapes (see the head of this file). */
export function inSignalSaid(sentence: string): string {
  if (!SIGNALLED.test(sentence)) return sentence;
  let text = sentence;
  // The command line as the recipient, or as what started: said started first, then the signal said of spec-run exec.
  const lines = [...text.matchAll(new RegExp(String.raw`(\bto\s+|\bafter\s+)(\`?)(${LINE})\2(?=(\s+(?:has\s+been\s+|was\s+|is\s+)?(?:started|starts|start)\b)?)`, 'gi'))];
  if (lines.length === 1 && !/`/.test(text.slice(0, lines[0].index))) {
    const [whole, lead, , line, started] = lines[0];
    const recipient = /^to/i.test(lead) ? `${lead}spec-run exec` : started !== undefined ? `${lead}it` : null;
    if (recipient !== null) {
      const at = lines[0].index;
      const before = text.slice(0, at);
      const opening = /^when\s+/i.exec(before)?.[0] ?? '';
      const after = text.slice(at + whole.length);
      // Said started elsewhere in the sentence already ("`x` runs and SIGINT is sent … after `x` started"): once is enough.
      const again = (before + after).replace(/`/g, '').includes(line.replace(/^(?:npx|pnpx|bunx)\s+/, ''));
      text = again ? `${before}${recipient}${after}` : `${opening}${line} is run, and ${before.slice(opening.length)}${recipient}${after}`;
    }
  }
  text = text
    // Whom: spec-run exec's process, its process group, its node process.
    .replace(RECIPIENT, (whole, _only: string | undefined, owner: string | undefined, group: string | undefined, of: string | undefined, _alone: string | undefined, at: number, all: string) => {
      const own = (owner !== undefined && /'s$/.test(owner)) || of !== undefined;
      // "its process", "the process group": spec-run exec's where the sentence names it and no other process.
      if (!own && (!NAMES_EXEC.test(text) || OTHER_PROCESS.test(text))) return whole;
      // "its" after a command, a job or a shell is said in the sentence may be theirs.
      if (!own && owner !== undefined && /^its$/i.test(owner) && COMMAND_NOUN.test(all.slice(0, at))) return whole;
      // "the process" alone is some process; "the process group", "its process" are the run's.
      if (!own && owner !== undefined && /^the$/i.test(owner) && group === undefined) return whole;
      // Named by its owner ("the SUT's node process", "the process of the runner"): said to the owner, whose name the other rules read.
      const named = of ?? (owner !== undefined && /'s$/.test(owner) ? owner.slice(0, -2) : undefined);
      return named === undefined || /^\`?spec-run/i.test(named) ? 'to spec-run exec' : `to ${named}`;
    })
    // "its process group receives SIGINT": spec-run exec does, where "its" is no command's.
    .replace(/\b(its|`?spec-run(?:\s+exec)?`?'s)\s+(?:own\s+)?(?:(?:whole|entire)\s+)?(?:node\s+)?process(?:\s+group)?\s+(?=(?:receives|gets|is\s+sent)\s+SIG(?:INT|TERM|HUP)\b)/gi, (whole, owner: string, at: number, all: string) =>
      /^its$/i.test(owner) && (!NAMES_EXEC.test(all) || OTHER_PROCESS.test(all) || COMMAND_NOUN.test(all.slice(0, at))) ? whole : 'spec-run exec ')
    // "SIGINT, as a Ctrl-C in the terminal would send it": Ctrl-C's signal, said again.
    .replace(/\b(SIGINT\b.*?),?\s+(?:as|like)\s+(?:a\s+)?ctrl[- +]?c\s+(?:(?:in|at|from)\s+(?:a|the)\s+(?:terminal|report|shell)\s+)?(?:would(?:\s+(?:send\s+it|do))?|does)(?=\s*(?:[,;.]|$))/gi, '$1')
    // "SIGINT comes while the second command is sleeping": it is sent to spec-run exec then.
    .replace(/\b(SIG(?:INT|TERM|HUP))\s+(?:comes|arrives|is\s+delivered)\s+(?=(?:while|whilst)\s)/g, '$1 is sent to spec-run exec ')
    // "SIGINT goes to spec-run exec": it is sent to it.
    .replace(/\b(SIG(?:INT|TERM|HUP))\s+(?:goes|went|is\s+going)\s+to\s+spec-run\s+exec\b/g, '$1 is sent to spec-run exec')
    // "~1s": about a second.
    .replace(/~\s*(\d+(?:\.\d+)?)\s*(s|ms|secs?|seconds?)\b/gi, 'about $1 $2')
    // "after line [1/3] … is printed": after command 1 started.
    .replace(/\bafter\s+(?:the\s+)?(?:line\s+)?`?\[(\d)\/\d\](?:\s*(?:…|\.\.\.))?`?(?:\s+(?:line|announcement))?\s+(?:is|was|has\s+been)\s+(?:printed|shown|written)\b/gi, (whole, n: string) => (Number(n) >= 1 && Number(n) <= ORDINALS.length ? `after the ${ORDINALS[Number(n) - 1]} command started` : whole))
    // "a few seconds into the second of four commands", "… into its only command": while it runs.
    .replace(/\b(?:a\s+few|some|several)\s+seconds\s+into\s+(?:the|its)\s+(first|second|third|fourth|fifth|only)(?:\s+of\s+(?:the\s+|its\s+)?(two|three|four|five)\s+(?:commands|jobs|steps|checks|stages))?(?:\s+(?:command|one|job|step|check|stage))?\b/gi, (_w, place: string, among: string | undefined) =>
      `while the ${place.toLowerCase()}${among === undefined ? ' command' : ` of the ${among.toLowerCase()} commands`} runs`)
    // "while command 2 sleeps": the command by its number.
    .replace(/\b(while|whilst)\s+command\s+(\d)\s+(?=(?:is\s+)?(?:sleeping|sleeps|asleep|running|runs)\b)/gi, (whole, lead: string, n: string) => (Number(n) >= 1 && Number(n) <= ORDINALS.length ? `${lead} the ${ORDINALS[Number(n) - 1]} command ` : whole));
  // "(spec-run exec is started …) and, 3 seconds later, SIGTERM is sent": that long after it started, where nothing before was sent.
  // "…, 3 seconds later, while command 2 sleeps, SIGINT is sent": the moment said as well.
  text = text.replace(new RegExp(String.raw`\band,?\s+(${TIME})\s+later,?\s+(?:((?:while|whilst)\s[^,]+),\s+)?(SIG(?:INT|TERM|HUP)\s+is\s+sent(?:\s+to\s+spec-run\s+exec)?\b)`, 'gi'), (whole, time: string, moment: string | undefined, sent: string, at: number, all: string) => {
    const before = all.slice(0, at);
    if (SIGNALLED.test(before) || !/\b(?:started|run|invoked|called|launched|executed)\b/i.test(before)) return whole;
    return `and ${sent} ${time} after it started${moment === undefined ? '' : `, ${moment}`}`;
  });
  return text;
}

/** Seconds of a time said in words or digits: "20s", "30-second", "thirty seconds", "a few seconds" (at most 5, as the rules read it). */
function secondsOf(time: string): number | undefined {
  const words: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, fifteen: 15, twenty: 20, thirty: 30, forty: 40, sixty: 60, ninety: 90 };
  const m = /^(?:(\d+(?:\.\d+)?)|([a-z]+)|(half\s+a)|(a\s+few))[\s-]*(ms|milliseconds?|s|secs?|seconds?|minutes?|m)$/i.exec(time.trim());
  if (!m) return undefined;
  const n = m[1] !== undefined ? Number(m[1]) : m[3] !== undefined ? 0.5 : m[4] !== undefined ? 5 : words[m[2].toLowerCase()];
  if (n === undefined) return undefined;
  return /^ms|^milli/i.test(m[5]) ? n / 1000 : /^m(?:in|$)/i.test(m[5]) ? n * 60 : n;
}

const SPAN = String.raw`(?:\d+(?:\.\d+)?|[a-z]+|half\s+a|a\s+few)[\s-]*(?:ms|milliseconds?|s|secs?|seconds?|minutes?)`;
/**
 * "spec-run exec exits within 1 s of the signal, not after the 20 s sleep", "… within a few seconds of the signal rather
 * than after the 30-second sleep", "…, and does not wait for the 20s sleep": a contrast with a command's sleep that the
 * bound said before it already entails (the bound is shorter than the sleep), taken out; the sentence as it is where
 * the bound is not shorter, or is not said as one ("within", "under", "at most") from the signal.
 */
export function withoutSleepContrast(sentence: string): string {
  const bound = new RegExp(String.raw`\b(?:within|in\s+under|under|in\s+less\s+than|less\s+than|at\s+most|no\s+more\s+than)\s+(${SPAN})\s+(?:of|after|from)\s+the\s+(?:signal|interrupt)\b`, 'i').exec(sentence);
  if (!bound) return sentence;
  const limit = secondsOf(bound[1]);
  if (limit === undefined) return sentence;
  return sentence.replace(new RegExp(String.raw`,?\s*(?:(?:and\s+)?(?:not|rather\s+than|instead\s+of)\s+(?:after|at\s+the\s+end\s+of|waiting\s+(?:out|for))|(?:and\s+)?(?:does\s+not|doesn't|without)\s+(?:wait(?:ing)?\s+(?:out|for)|sit(?:ting)?\s+out))\s+the\s+(?:(${SPAN})\s+(?:of\s+(?:the|its)\s+)?sleep|sleep(?:'s)?\s+(${SPAN}))(?=\s*(?:[,;.]|$))`, 'gi'), (whole, a: string | undefined, b: string | undefined) => {
    const sleep = secondsOf(a ?? b ?? '');
    return sleep !== undefined && sleep > limit ? '' : whole;
  });
}
