// The lexicon of executor specifications: a sentence becomes a list of tokens, each
// an entity (a duration in any common spelling, a count with its unit, a quoted
// command or value, a signal, a stream, a configuration key, a path, an image, an
// environment variable, a number) or a word with the concept it stands for
// ("terminated", "stopped", "ended" are one concept). Words that carry no content
// (articles, auxiliaries, "SHALL") are dropped; every other word either has a concept
// or is reported as not understood. Facts (then.ts, when.ts) are written over
// concepts and entity kinds, never over sentences.

import { DOMAIN_SYNONYMS, INFLECTED_CONCEPTS, inflections, KEY_NOUNS, SIGNAL_NAMES, STREAM_SYNONYMS } from './domain-lexicon.js';
import { problemText } from './problem-texts.js';
import { compactDuration, readDuration, readNumber, unitMs } from './quantities.js';

export type StreamName = 'stdout' | 'stderr';
export type SignalName = 'SIGTERM' | 'SIGKILL' | 'SIGINT' | 'SIGHUP';

/** The configuration keys of a stop command, and `defaultTimeout` of the section. */
export const CONFIG_KEYS = ['defaultTimeout', 'timeout', 'maxOutputLines', 'showStdout', 'showStderr', 'image', 'workdir', 'env', 'memory', 'cpus', 'network', 'user', 'message', 'run'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

export type Entity =
  /** WRITTEN: as it stood in quotes or code marks ("2h30m"), a value the executor is to judge as written. */
  | { type: 'duration'; ms: number; written?: string }
  | { type: 'count'; n: number; unit: 'line' | 'command' | 'signal' | 'container' }
  | { type: 'number'; n: number }
  | { type: 'quoted'; text: string }
  | { type: 'signal'; name: SignalName }
  | { type: 'stream'; name: StreamName }
  | { type: 'key'; name: ConfigKey }
  | { type: 'path'; text: string }
  | { type: 'image'; name: string }
  | { type: 'variable'; name: string }
  /** "1 to 10", "101 through 105": printed values from one number to another; "`line1` to `line5`": texts that differ only by that number, between PREFIX and SUFFIX. */
  | { type: 'range'; from: number; to: number; prefix?: string; suffix?: string }
  /** "line 4", "line 3, column 7", "column 7": a place in a file. */
  | { type: 'position'; line?: number; column?: number }
  /** "the second command", "the first line". */
  | { type: 'ordinal'; index: number | 'last'; of: 'command' | 'line' }
  /** "the first problem", "the last notice", "the second item": one of the report's parts of a kind. */
  | { type: 'nth'; index: number | 'last'; of: PartKind };

/** Kinds of the report's parts counted one by one: configuration errors, notices, the items of a `To fix:` list. */
export type PartKind = 'problem' | 'notice' | 'item';

export type EntityType = Entity['type'];

/**
 * A word (or phrase) with every concept it can stand for; none: not understood; FUNCTION: no content.
 * The brackets of an aside are a comma each, which ends a clause, marked as the aside's edge (`aside`).
 */
export type Token = { kind: 'entity'; entity: Entity; text: string } | { kind: 'word'; text: string; concepts: string[]; aside?: 'open' | 'close' };

/**
 * Concepts and the words (or phrases, longest first) that say them. A phrase's words
 * are consumed together: "exit code" is one concept, "left behind" another.
 */
const CONCEPTS: Record<string, string[]> = {
  /** Modal phrases: no content, like "shall" ("is expected to be stopped"). */
  FUNCTION: ['is expected to', 'are expected to', 'expected to', 'is supposed to', 'are supposed to', 'supposed to', 'is meant to', 'are meant to', 'ought to', 'has to', 'have to', 'needs to', 'need to', 'is going to', 'are going to', 'is required to', 'are required to', 'is guaranteed to', 'is sure to'],
  // negation and comparison
  NOT: ['not', 'no', 'never', 'nowhere', "doesn't", "don't", "isn't", "aren't", "won't", "wasn't", "didn't", 'cannot', "can't", 'without', 'none', 'nothing', 'neither', 'nor', 'no longer'],
  LIMITED: ['limited', 'capped', 'restricted', 'bounded', 'truncated to', 'cut to', 'clipped to', 'trimmed to', 'kept to', 'held to', 'truncated after', 'capped at', 'limited at', 'cut at', 'truncated at', 'clipped at', 'trimmed at', 'cut down to', 'cut back to', 'shortened to', 'reduced to'],
  PARTIAL: ['partial', 'partially', 'so far', 'up to that point', 'up to the timeout', 'until then', 'until the timeout'],
  ABOUT: ['about', 'roughly', 'approximately', 'around', 'approx', 'circa', 'nearly', 'close to', 'give or take', 'or so'],
  AT_MOST: ['at most', 'within', 'no more than', 'no later than', 'up to', 'less than', 'fewer than', 'under', 'before', 'inside', 'well within', 'well before', 'well under', 'well below', 'well inside', 'well short of', 'far short of', 'far under', 'far below', 'far less than', 'much less than', 'long before', 'comfortably within', 'comfortably under', 'no longer than', 'shorter than', 'maximum', 'max', 'just before', 'shortly before', 'a little before', 'slightly before', 'a bit before'],
  AT_LEAST: ['at least', 'more than', 'longer than', 'over', 'no less than', 'no sooner than', 'no earlier than', 'not earlier than', 'not sooner than', 'minimum', 'past', 'beyond'],
  /** A file growing by a line: "the log gains a line with …". */
  LOG_GROWS: ['gains', 'gained', 'grows', 'is appended', 'gets appended', 'appends', 'appended'],
  /** A line of the `--log` file as what it is: "a JSON object with `"event":"timeout"`". */
  JSON_LINE: ['json object', 'json objects', 'json line', 'json lines', 'json record', 'json document', 'object', 'objects'],
  /** A little more or less than a time: at least it (at most it), and not by more than a measurement's slack. */
  JUST_OVER: ['a little over', 'a little more than', 'a little longer than', 'a little after', 'slightly over', 'slightly more than', 'slightly longer than', 'slightly after', 'just over', 'just above', 'just past', 'just after', 'a bit over', 'a bit more than', 'a bit after', 'shortly after', 'marginally over', 'marginally more than', 'a tad over'],
  JUST_UNDER: ['a little under', 'a little less than', 'a little before', 'slightly under', 'slightly less than', 'slightly before', 'just under', 'just below', 'just short of', 'just before', 'a bit under', 'a bit less than', 'a bit before', 'shortly before', 'marginally under', 'marginally less than', 'a tad under'],
  EXACTLY: ['exactly', 'precisely', 'only', 'just'],
  /** Within what a command is doing: "during the first command", "sleeping during the first command" (interrupt-moment.ts). */
  DURING: ['sleeping during', 'during'],
  AFTER: ['after', 'once', 'when', 'following', 'followed by', 'later', 'then', 'afterwards', 'afterward', 'thereafter', 'subsequently', 'just after', 'shortly after', 'a little after', 'slightly after', 'a bit after'],
  /** A time said as the sum of two: "its one-second timeout plus the two-second grace period". */
  PLUS: ['plus'],
  /** A reason or a consequence: a clause of its own, which is checked too ("124, because the deadline ended it"). */
  REASON: ['even though', 'although', 'though', 'because', 'because of', 'since', 'as a result', 'as a consequence', 'hence', 'therefore', 'thus', 'which means', 'meaning that', 'meaning', 'so that', 'which is why', 'that is why', 'given that', 'due to'],
  /** "X rather than Y": X, and not Y. */
  CONTRAST: ['rather than', 'instead of', 'as opposed to'],
  /** What a run came to: "the outcome is a timeout". */
  OUTCOME: ['outcome', 'result', 'verdict', 'end result'],
  /** The number of lines, said as a noun: "the omitted line count is 40". */
  LINE_COUNT: ['line count', 'number of lines', 'lines count', 'count of lines', 'count'],
  /** All commands of a run together: "the total duration". */
  TOTAL: ['total', 'in total', 'overall', 'all told', 'altogether', 'whole run', 'entire run'],
  /** Words that only frame a statement: "is counted as", "as well", "well". */
  FILLER: ['at all', 'whatsoever', 'ever', 'after it began', 'since it began', 'after it was started', 'after the start', 'after its start', 'since its start', 'from its start', 'after its own start', 'as follows', 'shown below', 'below', 'above', 'the following', 'even', 'even when', 'even if', 'regardless of whether', 'reported as', 'listed as', 'is reported', 'are reported', 'counts as', 'count as', 'shown as', 'flagged as', 'counted as', 'treated as', 'regarded as', 'considered', 'marked as', 'deemed', 'too', 'also', 'as well', 'well', 'likewise', 'still', 'indeed', 'actually', 'really', 'in turn', 'of starting', 'since starting', 'since it started', 'from the start', 'after starting', 'after it starts', 'after it started', 'of its start', 'in the end', 'eventually', 'finally', 'anything', 'anyway', 'anyhow', 'nonetheless', 'nevertheless', 'in any case', 'all the same'],
  // who
  COMMAND: ['command', 'commands', 'process', 'processes', 'task', 'it', 'they', 'program', 'script', 'child', 'stop command', 'stop commands', 'entry', 'one'],
  HOOK: ['hook', 'stop hook', 'executor', 'system', 'runner', 'spec-run', 'spec-run exec', 'orchestrator', 'run', 'result', 'caller', 'job', 'pipeline', 'ci job'],
  USER: ['user', 'users', 'reader', 'operator', 'developer', 'claude'],
  EACH: ['each', 'every', 'all', 'both', 'either', 'any'],
  // where
  HOST: ['host', 'locally', 'local machine', 'machine', 'directly', 'natively', 'bare'],
  // "ctr" and "box" are writers' shorthand for the container a command runs in.
  CONTAINER: ['container', 'containers', 'ctr', 'ctrs', 'box', 'boxes', 'docker', 'containerized', 'containerised', 'dockerized', 'in docker', 'inside a container', 'inside the container', 'inside docker', 'inside its container'],
  IMAGE: ['image', 'images'],
  // time
  TIMEOUT: ['timeout', 'timeouts', 'time limit', 'time limits', 'deadline', 'deadlines', 'time budget', 'limit', 'limits', 'time-limit', 'cap'],
  TIMED_OUT: ['time out', 'times out', 'timed out', 'timed-out', 'timing out', 'ran out of time', 'runs out of time', 'run out of time', 'out of time', 'has passed', 'is over', 'runs out', 'ran out', 'expires', 'expired', 'expire', 'elapses', 'elapsed', 'fires', 'triggers', 'triggered', 'hits', 'reaches', 'reached', 'exceeds', 'exceeded', 'exceeding', 'overruns', 'outlives its timeout', 'outlives its limit', 'outlives the timeout', 'outlives the limit', 'outlive their timeouts', 'outlasts its timeout', 'outlasts its limit', 'outlasts the timeout', 'runs over', 'overran', 'goes over'],
  DEFAULT: ['default', 'defaults', 'global', 'globally', 'top-level', 'section-wide', 'fallback', 'falls back', 'built-in', 'builtin', 'inherited', 'inherits', 'inherit', 'unless'],
  /** The executor's own default, not one the configuration sets. */
  BUILTIN: ['built-in', 'builtin', 'built in', 'hard-coded', 'hardcoded', 'hard coded', 'out-of-the-box', 'out of the box', 'executor default', 'fixed default'],
  OWN: ['unchanged', 'as is', 'verbatim', 'untouched', 'propagated', 'forwarded', 'passed through unchanged', 'own', 'per-command', 'explicit', 'explicitly', 'specific', 'individual', 'its own', 'local', 'command-level', 'dedicated'],
  WINS: ['wins', 'win', 'overrides', 'override', 'overridden', 'takes precedence', 'precedence', 'prevails', 'beats', 'replaces', 'supersedes', 'instead of', 'rather than', 'over'],
  GRACE: ['grace period', 'grace', 'grace window', 'grace time', 'shutdown window'],
  ELAPSED: ['runs for', 'ran for', 'lasting', 'takes', 'took', 'take', 'taking', 'lasts', 'lasted', 'duration', 'elapsed time', 'wall time', 'wall-clock', 'runtime', 'run time', 'running time'],
  // what happens to the command
  TERMINATE: ['killed', 'kill', 'kills', 'killing', 'gets killed', 'is gone', 'terminated', 'terminate', 'terminates', 'termination', 'stopped', 'stop', 'stops', 'stopping', 'ended it', 'ends it', 'end it', 'ended by', 'is ended', 'was ended', 'halted', 'halt', 'aborted', 'abort', 'interrupted', 'interrupt', 'cut off', 'cut short', 'shut down', 'brought down', 'torn down', 'cancelled', 'canceled'],
  /**
   * The executor named as who ended the command with a verb of completing ("is finished by the
   * executor"): a stop, not a completion, in words no rule reads yet, so the step stays undefined
   * rather than read as "ran to its end".
   */
  ENDED_BY_EXECUTOR: ['finished by the executor', 'completed by the executor', 'finished by the runner', 'finished by spec-run'],
  /** That it ended, by whatever means ("ends with exit status 3", "ends after 3 seconds"): not that it was stopped. */
  END: ['ends with', 'ending with', 'end', 'ends', 'ended', 'ending', 'dies', 'die', 'died', 'is dead', 'goes away', 'disappears'],
  /** Killed by force: SIGKILL. A plain "killed" is said of any stop, and is TERMINATE. */
  KILL: ['force-killed', 'forcibly', 'forced', 'force', 'hard-killed', 'forcefully', 'killed outright'],
  GRACEFUL: ['graceful', 'gracefully', 'politely', 'cleanly', 'clean'],
  SEND: ['come', 'sending', 'delivering', 'delivers', 'deliver', 'delivery', 'issuing', 'issues', 'raising', 'expected', 'needed', 'necessary', 'follow', 'arrives', 'arrive', 'arrived', 'comes', 'follows', 'sent', 'send', 'sends', 'receives', 'received', 'receive', 'gets', 'got', 'delivered', 'signalled', 'signaled', 'issued', 'raised', 'first', 'followed', 'escalates', 'escalation', 'escalated'],
  SIGNAL: ['signal', 'signals'],
  /** From the interrupt a When sends spec-run exec: "exits within half a second of the signal". */
  SINCE_SIGNAL: ['of the signal', 'after the signal', 'of the interrupt', 'after the interrupt'],
  COMPLETE: ['allowed to finish', 'allowed to complete', 'allowed to run to completion', 'allowed to run to the end', 'completes', 'complete', 'completed', 'completion', 'finishes', 'finish', 'finished', 'runs to completion', 'to the end', 'to its end', 'runs to the end', 'runs to its end', 'normally', 'normal', 'naturally', 'on its own', 'by itself', 'uninterrupted', 'undisturbed', 'allowed', 'left alone', 'returns', 'returned', 'exits normally'],
  FOREVER: ['indefinitely', 'forever', 'unbounded', 'unlimited', 'as long as it needs', 'as long as needed', 'no matter how long'],
  // outcome
  EXIT: ['exit code', 'exit status', 'exit codes', 'return code', 'status code', 'exit value', 'status', 'code', 'exits', 'exit', 'exited', 'exiting', 'reported status', 'return value',
    // Abbreviations of the return value or code, as test procedures write them ("the RV of the runner is 2", "RC is 0").
    'rv', 'rc', 'retval', 'ret val', 'retcode', 'ret code'],
  SUCCEED: ['succeeded', 'succeeding', 'succeeds', 'succeed', 'success', 'successful', 'successfully', 'passes', 'pass', 'passed', 'ok'],
  FAIL: ['fails', 'fail', 'failed', 'failure', 'failing', 'unsuccessful', 'blocked', 'blocks', 'block', 'non-zero', 'nonzero', 'error', 'errors'],
  // output
  OUTPUT: ['numbers', 'values', 'output', 'outputs', 'lines', 'line', 'text', 'log', 'logs', 'logging', 'printed output', 'console', 'listing', 'nothing', 'what it prints', 'what it printed', 'printout', 'content', 'contents'],
  LAST_LINE: ['last kept line', 'last line kept', 'last shown line', 'last line shown', 'last printed line', 'last visible line', 'ends with', 'last line', 'final line', 'ending with', 'ends in', 'closes with', 'closing with', 'close with'],
  /** The first line: "the report opens with `Error: …`". */
  FIRST_LINE: ['opens with', 'opening with', 'begins with', 'beginning with', 'begins', 'starts with', 'starting with', 'starts off with', 'opens', 'leads with', 'is headed by', 'headed by', 'is headed', 'headed', 'is topped by'],
  /**
   * The report's first line, said as a noun: "the headline is `Error: …`". A command's heading or title line is its
   * announcement (ANNOUNCE), the line above its report: "the heading line reads `[1/1] host: …`".
   */
  HEADLINE: ['headline', 'top line', 'verdict line', 'first line of the report'],
  /** A part of the report under a heading: "the `Output:` block", "the `To fix:` list". */
  SECTION: ['block', 'section', 'part', 'list', 'heading', 'area', 'paragraph'],
  /** The numbered items of a `To fix:` list. */
  ITEM: ['numbered', 'item', 'items', 'numbered items', 'numbered item', 'numbered list', 'bullet', 'bullets'],
  /** The suggestions under `To fix:`. */
  FIXES: ['suggestion', 'to fix', 'fixes', 'fix', 'suggestions', 'suggested fixes', 'remedies', 'remedy', 'fixes offered', 'hints', 'fix hints', 'numbered hints', 'numbered suggestions'],
  /** The lines of a configuration's errors, one per problem. */
  // A writer's own noun for one (a "defect", a "finding"): each names a line of what is wrong, never a command.
  PROBLEM: ['problem', 'problems', 'issue', 'issues', 'error line', 'error lines', 'complaint', 'complaints', 'reason', 'reason given', 'defect', 'defects', 'defect line', 'defect lines', 'finding', 'findings', 'violation', 'violations', 'objection', 'objections'],
  /** The order of texts in the report: "`a` followed by `b`", "`b` comes after `a`". */
  ORDER: ['followed immediately by', 'immediately followed by', 'followed directly by', 'directly followed by', 'followed right by', 'right followed by', 'followed by', 'then', 'after that', 'comes after', 'come after', 'coming after', 'comes before', 'come before', 'precedes', 'precede', 'preceded by', 'in that order', 'in this order', 'in order', 'in the same order', 'right after', 'directly after', 'immediately after', 'just after', 'right before', 'directly before', 'immediately before', 'just before', 'before', 'after', 'follows', 'follow', 'next', 'ahead of', 'prior to'],
  /** A text printed on two lines: "prints `/tmp/p` twice". */
  TWICE: ['twice', 'two times'],
  /**
   * An exception to a quantifier: "anything but 3", "all but `x`", "nothing except `bye`", "everything other than 0".
   * No fact reads one, so a sentence holding it stays undefined: read without it, the quantifier ("anything" a
   * filler, "nothing" a negation, "all" each) turns the claim into another, often its opposite.
   */
  EXCEPT: exceptions(),
  /** How many times: "at most once", "is sent once". No fact reads a frequency but TWICE's; "once the timeout fires" is AFTER. */
  ONCE: [],
  /** Another of the same kind: "another line says …". */
  OTHER: ['another', 'a different', 'a further', 'a separate', 'some other'],
  /** Anywhere in what is printed: "is not printed anywhere". */
  ANYWHERE: ['anywhere', 'nowhere', 'anywhere in the report', 'anywhere in the output', 'at any point'],
  /** A place in the report below one of its headings: "`compiling` is listed under `Partial Output:`". */
  UNDER: ['is listed under', 'are listed under', 'listed under', 'appears under', 'appear under', 'is shown under', 'are shown under', 'shown under', 'printed under', 'is printed under', 'comes under', 'under', 'beneath', 'underneath', 'listed beneath', 'listed underneath', 'is listed beneath', 'are listed beneath', 'appears beneath', 'appear beneath', 'shown beneath', 'printed beneath'],
  /**
   * The order of a configuration's problems as its file holds them: "in file order", "in the order of the file", "in
   * the order of their lines in the file", "from top to bottom". Said of problem lines only (a rule of its own).
   */
  FILE_ORDER: ['in file order', 'in the file order', 'in the order of the file', 'in the order of their lines in the file', 'in the order of the lines in the file', 'in the order of their lines', 'in the order they appear in the file', 'in the order they occur in the file', 'in the order they appear', 'in the order they occur', 'in source order', 'in line order', 'in order of line', 'in order of their lines', 'ordered by line', 'sorted by line', 'by line number', 'from top to bottom', 'top to bottom', 'in document order'],
  /** The line the executor prints as a command starts: "[1/2] host: sleep 1 (timeout 10s, from command)". */
  ANNOUNCE: ['announces it as', 'announces it with', 'announces', 'announce', 'is announced as', 'is announced with', 'are announced as', 'are announced with', 'announced as', 'announced with', 'is announced', 'announced', 'announcement', 'announcement line', 'start line', 'header', 'header line', 'heading line', 'title line', 'progress line', 'progress header'],
  PATH: ['path', 'paths', 'absolute path', 'relative path'],
  REQUIRED: ['required', 'requires', 'require', 'must be', 'needs to be', 'expected', 'mandatory', 'needed', 'allowed range', 'range'],
  // "the exit code shown and returned": the code the report shows and spec-run gives back, never a command that ran to its end (COMPLETE's "returned").
  SHOWN: ['shown and returned', 'returned and shown', 'reported and returned', 'printed and returned', 'showing', 'fully', 'completely', 'entirely', 'in its entirety', 'untruncated', 'uncut', 'sees', 'see', 'seen', 'observed', 'observable', 'noticed', 'witnessed', 'shown', 'show', 'shows', 'displayed', 'display', 'displays', 'kept', 'keeps', 'keep', 'retained', 'preserved', 'reported', 'reports', 'report', 'visible', 'included', 'includes', 'appear', 'appears', 'printed', 'captured', 'capture', 'surfaced', 'presented', 'returned', 'relayed', 'passed on', 'passed through', 'in full', 'full', 'whole', 'entire', 'complete output', 'all'],
  OMITTED: ['omitted', 'omit', 'omits', 'omission', 'dropped', 'drop', 'discarded', 'truncated', 'truncation', 'truncate', 'truncates', 'cut', 'elided', 'suppressed', 'left out', 'skipped', 'clipped', 'trimmed', 'hidden', 'remaining', 'rest', 'beyond', 'extra', 'excess', 'overflow'],
  WRITE: ['printing', 'writing', 'emitting', 'echoing', 'writes', 'write', 'wrote', 'written', 'prints', 'print', 'emits', 'emit', 'emitted', 'produces', 'produce', 'produced', 'echoes', 'echo', 'outputs', 'logs', 'spits out', 'generates', 'sends'],
  FIRST: ['first', 'earliest', 'leading', 'top', 'opening', 'initial'],
  /** One thing's limit set by another's: "neither stream's cap is affected by the other". */
  DEPEND: ['affected by', 'affects', 'affect', 'depends on', 'depend on', 'dependent on', 'influenced by', 'influences', 'counts against', 'count against', 'counted against', 'shared with', 'shares', 'share', 'pooled', 'combined'],
  PER_STREAM: ['the other', 'each other', 'one another', 'per stream', 'each stream', 'separately', 'independently', 'independent', 'apiece', 'respectively', 'stream', 'streams', 'on its own'],
  // "the note joins the two limits": one line saying two things.
  JOINS: ['joins', 'join', 'joining', 'combines', 'combine', 'combining', 'merges', 'merge', 'together'],
  NOTICE: ['indicator', 'notice', 'note', 'noted', 'marker', 'summary', 'banner', 'footer', 'hint', 'warning', 'placeholder', 'mention', 'remark', 'indicators', 'notices', 'notes', 'markers', 'placeholders'],
  MESSAGE: ['error line', 'error lines', 'wording', 'message', 'messages', 'error message', 'error', 'errors', 'error text', 'report', 'text', 'explanation', 'diagnostic', 'diagnostics', 'feedback'],
  MENTION: ['read', 'reading', 'names', 'name', 'naming', 'named', 'mentions', 'mention', 'mentioning', 'includes', 'include', 'including', 'contains', 'contain', 'containing', 'says', 'say', 'saying', 'states', 'identifies', 'identifying', 'points to', 'cites', 'quotes', 'lists', 'gives', 'tells', 'refers to', 'suggests', 'suggesting', 'explains', 'indicates', 'indicating', 'reads', 'counts', 'giving', 'attributes', 'blames', 'points at', 'points out', 'spells out', 'shows', 'like', 'such as', 'along the lines of', 'states', 'state', 'stating', 'carries', 'carry', 'shows up', 'show up', 'turns up', 'of the form', 'in the form', 'holds', 'hold', 'holding', 'among', 'amongst', 'suggested', 'offered', 'proposed', 'recommended',
    // Verbs of keeping a record, said of any text (a report, a line, a log's line) as "holds" is: "the report records `Exit Code: 0`".
    'records', 'record', 'recording', 'retains', 'retain', 'retaining', 'bears', 'features', 'registers'],
  /** Where in the file: an error's line and column. */
  LOCATION: ['line and column', 'line number', 'column', 'position', 'location', 'where it sits'],
  // containers
  CREATE: ['created', 'create', 'creates', 'started', 'start', 'starts', 'spun up', 'launched', 'launch', 'used', 'spawned'],
  REMOVE: ['is gone', 'are gone', 'removed', 'remove', 'removes', 'removal', 'deleted', 'delete', 'cleaned up', 'clean up', 'cleans up', 'cleanup', 'destroyed', 'gone', 'disposed'],
  REMAIN: ['still exists', 'exists', 'exist', 'is still there', 'listed', 'list', 'left behind', 'left', 'remains', 'remain', 'remaining', 'lingers', 'linger', 'lingering', 'leftover', 'leftovers', 'stays', 'survives', 'orphaned', 'dangling', 'leaks', 'leaked'],
  /** A network interface a command lists (interfaces.ts): "the only interface it lists is `lo`". */
  INTERFACE: ['network interfaces', 'network interface', 'network devices', 'network device', 'interfaces', 'interface', 'nics', 'nic'],
  /** A command's own `message:`, by whose it is (configured-message.ts): "the team's message", "the configured message". */
  CONFIGURED_MESSAGE: ['configured message', 'custom message', 'team message', 'team line', 'configured line', 'configured text', 'message from the configuration', 'message set in the configuration', 'message of the configuration'],
  /** A stream that printed no more than its line limit: "stderr stayed within its own limit". */
  WITHIN_LIMIT: ['stayed within its own limit', 'stayed within its limit', 'stays within its own limit', 'stays within its limit', 'stayed within the limit', 'stays within the limit', 'remained within its limit', 'remains within its limit', 'stayed under its limit', 'stays under its limit', 'stayed below its limit', 'stays below its limit', 'fits within its limit', 'fit within its limit', 'stayed inside its limit', 'is within its limit', 'was within its limit', 'is within its own limit', 'was within its own limit'],
  /** The network of a container. */
  NETWORK: ['network access', 'networking', 'internet access', 'internet', 'connectivity', 'network connectivity', 'outbound network'],
  /** The last ones: "the last 950 lines are dropped". */
  LAST: ['last', 'final', 'trailing'],
  MOUNT: ['mounted', 'mount', 'mounts', 'bind-mounted', 'bind mount', 'shared', 'visible inside', 'available inside'],
  PROJECT: ['project', 'project directory', 'project root', 'workspace', 'repository', 'repo', 'checkout'],
  // configuration
  CONFIG: ['stop configuration', 'stop config', 'stop hook configuration', 'stop-hook configuration', 'configuration', 'config', 'stop section', 'stop:', 'stop: section', 'configured', 'config file', 'configuration file', 'yaml', 'setting', 'settings', 'field', 'fields', 'key', 'keys', 'value', 'values', 'entry', 'option', 'options', 'section', 'stop section', 'document', 'file', 'schema'],
  REJECT: ['rejected', 'reject', 'rejects', 'refused', 'refuses', 'invalid', 'not valid', 'validation error', 'validation fails', 'fails validation', 'fails to load', 'not accepted', 'disallowed', 'malformed', 'wrong', 'bad'],
  ACCEPT: ['accepted', 'accept', 'accepts', 'valid', 'loads', 'loaded', 'parsed', 'parses', 'allowed', 'ok', 'validates', 'passes validation'],
  VALIDATION: ['loader', 'parser', 'validator', 'config loader', 'validation', 'validated', 'validate', 'checked', 'check', 'loading', 'parsing', 'load'],
  APPLY: ['in force', 'in place', 'active', 'applicable', 'in charge', 'applies', 'apply', 'applied', 'enforced', 'enforce', 'enforces', 'used', 'uses', 'use', 'in effect', 'effective', 'governs', 'takes effect', 'honoured', 'honored', 'respected', 'gets', 'given', 'receives', 'has', 'bound', 'runs under', 'under', 'subject to', 'taken from', 'coming from', 'comes from', 'drawn from', 'derived from', 'picked up from', 'resolved from'],
  DISABLE: ['disabled', 'disable', 'disables', 'null', 'turned off', 'switched off', 'no limit', 'unlimited', 'unbounded', 'removed'],
  SET: ['set', 'sets', 'setting', 'defined', 'exported', 'available', 'present', 'passed', 'provided', 'equal', 'equals', 'holds', 'contains', 'points', 'resolves', 'expands', 'declares', 'declare', 'declared', 'specifies', 'specified', 'gives'],
  WORKDIR: ['working directory', 'workdir', 'cwd', 'current directory', 'directory', 'folder', 'subdirectory', 'sub-directory'],
  ENVIRONMENT: ['environment', 'environment variable', 'variable', 'env', 'env var'],
  RUNS: ['runs', 'run', 'running', 'ran', 'executes', 'execute', 'executed', 'execution', 'executing', 'invoked', 'invokes', 'launched', 'called', 'happens', 'occurs', 'behaves', 'behaviour', 'behavior', 'works', 'goes'],
  SAME: ['same', 'identical', 'identically', 'alike', 'consistent', 'consistently', 'equally', 'regardless', 'no different', 'the same way'],
  MEMORY: ['out-of-memory killer', 'oom killer', 'oom-killer', 'out-of-memory', 'oom-killed', 'memory', 'ram', 'oom', 'out of memory', 'memory limit'],
  PULL: ['pulled', 'pull', 'pulls', 'downloaded', 'download', 'fetched', 'fetch'],
  MISSING: ['missing', 'absent', 'not present', 'unavailable', 'not available', 'unknown', 'nonexistent', 'non-existent', "doesn't exist", 'does not exist'],
  ABSOLUTE: ['absolute'],
  RELATIVE: ['relative', 'not absolute'],
  /** What is wrong with a value, as a reason for refusing it. */
  NEGATIVE: ['the number must be positive , not negative', 'must be positive , not negative', 'positive , not negative', 'negative', 'below zero', 'less than zero', 'under zero'],
  NOT_NUMBER: ['non-numeric', 'not a number', 'not numeric', 'not an integer', 'non-integer', 'fractional', 'not a whole number'],
  UNKNOWN: ['unknown', 'unrecognised', 'unrecognized', 'not recognised', 'not recognized', 'misspelt', 'misspelled', 'mistyped', 'misnamed', 'invalid key', 'unsupported', 'not supported'],
  /** What is wrong with a duration as written (faults.ts): the executor's reasons, and a reader's words for them. */
  SEVERAL_UNITS: ['only a single unit is allowed', 'has more than one unit', 'has several units', 'has multiple units', 'only one unit is allowed', 'a single unit is allowed', 'one unit is allowed', 'only a single unit', 'only one unit', 'several units', 'more than one unit', 'multiple units', 'two units', 'mixed units', 'combined units', 'compound duration', 'compound value'],
  NO_UNIT: ['must be a string with a unit', 'a string with a unit', 'string with a unit', 'the unit is missing', 'unit is missing', 'missing unit', 'missing its unit', 'missing a unit', 'lacks a unit', 'lacking a unit', 'has no unit', 'with no unit', 'without a unit', 'without unit', 'no unit', 'unitless', 'bare number', 'bare integer', 'plain number'],
  ZERO: ['the number must be positive , not zero', 'must be positive , not zero', 'positive , not zero', 'as zero', 'is zero', 'being zero', 'a zero', 'zero not being positive'],
  NOT_POSITIVE: ['the number must be positive', 'must be positive', 'not positive', 'non-positive'],
  SPACES: ['no spaces are allowed between the number and its unit', 'no spaces are allowed', 'spaces are not allowed', 'no space is allowed', 'a space is not allowed', 'no spaces allowed', 'spaces between the number and its unit', 'space between the number and its unit', 'spaces between number and unit', 'space between number and unit', 'contains a space', 'contains spaces', 'has a space', 'with a space', 'a space', 'spaces', 'whitespace'],
  UNKNOWN_UNIT: ['unknown unit', 'unknown time unit', 'unrecognised unit', 'unrecognized unit', 'unsupported unit', 'invalid unit', 'not a known unit'],
  TOO_LARGE: ['too large', 'too big', 'too high', 'too many', 'out of range', 'outside the allowed range', 'above the maximum', 'over the maximum', 'exceeds the maximum'],
  IGNORE: ['survives', 'survive', 'survived', 'withstands', 'withstand', 'rides out', 'shrugs off', 'ignores', 'ignore', 'ignoring', 'ignored', 'swallows', 'disregards', 'catches and ignores', 'is immune to', 'does not react to'],
  HANDLE: ['handles', 'handle', 'catches', 'catch', 'traps', 'reacts', 'responds', 'cleans up', 'cleanup', 'tidies'],
  SLEEP: ['sleeps', 'sleep', 'slept', 'waits', 'wait', 'hangs', 'hang', 'blocks', 'stalls', 'idles', 'busy', 'keeps running', 'still running', 'runs for', 'runs longer', 'long-running', 'slow'],
  HIDE: ['hidden', 'hide', 'hides', 'suppressed', 'suppress', 'muted', 'silenced', 'disabled', 'false', 'turned off'],
  REVEAL: ['true', 'enabled'],
  TIME_WORD: ['mark', 'point', 'moment', 'instant', 'time', 'seconds', 'long', 'longer', 'later', 'soon', 'quickly', 'promptly', 'immediately', 'late', 'early', 'at once', 'right away', 'straight away', 'straightaway', 'instantly', 'without delay', 'without waiting'],
};

/**
 * The concepts with the domain's synonyms (domain-lexicon.ts), then every form of their verbs that no concept lists
 * yet: a word already a concept's keeps only the concepts that list it.
 */
(function withDomainWords(): void {
  for (const [concept, phrases] of Object.entries(DOMAIN_SYNONYMS)) CONCEPTS[concept] = [...(CONCEPTS[concept] ?? []), ...phrases.filter((p) => !CONCEPTS[concept]?.includes(p))];
  // A form joins every concept whose verb it inflects ("end with": END's and LAST_LINE's, as "ends with" is both).
  const listed = new Set(Object.values(CONCEPTS).flat());
  const forms = INFLECTED_CONCEPTS.map((concept) => [concept, inflections(CONCEPTS[concept]).filter((form) => !listed.has(form))] as const);
  for (const [concept, inflected] of forms) CONCEPTS[concept].push(...inflected);
})();

/** "anything but", "all except", "nothing other than": a quantifier and a word of exception after it. */
function exceptions(): string[] {
  const quantifiers = ['anything', 'everything', 'something', 'nothing', 'all', 'any', 'none', 'anyone', 'everyone', 'no one', 'nobody', 'whatever', 'every', 'each'];
  const except = ['except', 'except for', 'other than', 'apart from', 'aside from', 'excluding', 'save for'];
  return [...except, ...quantifiers.flatMap((q) => ['but', ...except].map((x) => `${q} ${x}`))];
}

/** A package runner spec-run exec is started through (`npx spec-run exec …`): the same executor. */
export const RUNNER = String.raw`(?:(?:npx|pnpx|bunx|pnpm\s+exec|yarn)\s+)?`;

/** A command line of spec-run without the package runner it is started through ("npx spec-run exec x.yaml" is "spec-run exec x.yaml"). */
const RUNNER_BEFORE_SPEC_RUN = new RegExp(`^${RUNNER}(?=spec-run\\b)`);
export const withoutRunner = (text: string): string => text.trim().replace(RUNNER_BEFORE_SPEC_RUN, '');

/** The words and phrases the lexicon has for a concept. */
export function conceptWords(concept: string): string[] {
  return CONCEPTS[concept] ?? [];
}

/** Words without content: grammar, modality, courtesy, and the writer's own pronouns ("as an operator I run": no user named I). */
const FUNCTION_WORDS = new Set(
  (
    'a an the is are was were be been being am shall must should will would may might can could ' +
    'do does did has have had having to of in on at with by for from as into onto upon ' +
    'and or but if so that which who whom whose what this these those there here then than ' +
    'also still just even yet already again ' +
    'such same its their his her our your my i me we us you he she they them itself themselves ' +
    'e.g. e.g eg i.e. i.e ie etc via per ' +
    'is being gets getting got become becomes ' +
    'out up down off away , where whereby wherein whether how'
  ).split(' '),
);

const SIGNALS: Record<string, SignalName> = {
  sigterm: 'SIGTERM', term: 'SIGTERM', 'signal 15': 'SIGTERM', 'sig term': 'SIGTERM', 'termination signal': 'SIGTERM', 'stop signal': 'SIGTERM', 'terminate signal': 'SIGTERM', '15': 'SIGTERM',
  sigkill: 'SIGKILL', 'signal 9': 'SIGKILL', 'kill signal': 'SIGKILL', 'kill -9': 'SIGKILL', '-9': 'SIGKILL',
  sigint: 'SIGINT', 'signal 2': 'SIGINT', 'ctrl-c': 'SIGINT', 'ctrl+c': 'SIGINT', 'control-c': 'SIGINT', sighup: 'SIGHUP',
  ...SIGNAL_NAMES,
};

const STREAMS: Record<string, StreamName> = {
  stdout: 'stdout', 'standard output': 'stdout', 'standard out': 'stdout', 'std out': 'stdout', 'fd 1': 'stdout',
  stderr: 'stderr', 'standard error': 'stderr', 'std err': 'stderr', 'error stream': 'stderr', 'error output': 'stderr', 'fd 2': 'stderr',
  ...STREAM_SYNONYMS,
};

/** Keys as written (case-insensitively), and the synonyms specifications use for them. */
const KEY_SYNONYMS: Record<string, ConfigKey> = {
  defaulttimeout: 'defaultTimeout', 'default timeout': 'defaultTimeout', 'global timeout': 'defaultTimeout', 'global default timeout': 'defaultTimeout', 'global default': 'defaultTimeout', 'default_timeout': 'defaultTimeout', 'default-timeout': 'defaultTimeout',
  maxoutputlines: 'maxOutputLines', 'max_output_lines': 'maxOutputLines', 'max-output-lines': 'maxOutputLines', 'max output lines': 'maxOutputLines', 'line limit': 'maxOutputLines', 'output limit': 'maxOutputLines', 'output line limit': 'maxOutputLines', 'line budget': 'maxOutputLines', 'output budget': 'maxOutputLines', 'line cap': 'maxOutputLines', 'output cap': 'maxOutputLines',
  showstdout: 'showStdout', showstderr: 'showStderr', 'show_stdout': 'showStdout', 'show_stderr': 'showStderr',
  workdir: 'workdir', 'working_dir': 'workdir', 'working-dir': 'workdir',
  cpus: 'cpus', 'cpu limit': 'cpus',
  'memory limit': 'memory', 'mem limit': 'memory',
  'network': 'network', 'network mode': 'network', 'network access': 'network', 'network connectivity': 'network',
  ...KEY_NOUNS,
};
/** Keys only as written in code marks or with the word "field"/"key" (plain "user" or "image" is just a word). */
const PLAIN_KEYS: Record<string, ConfigKey> = { timeout: 'timeout', image: 'image', env: 'env', memory: 'memory', user: 'user', message: 'message', run: 'run', network: 'network', workdir: 'workdir' };

/** The word after an ordinal that names a part of the report ("the second problem"). */
const PART_WORDS: [RegExp, PartKind][] = [
  [/^(problems?|issues?|errors?|complaints?|defects?|findings?|violations?|objections?)$/, 'problem'],
  [/^(notices?|indicators?|notes?|markers?|placeholders?)$/, 'notice'],
  [/^(items?|fix|fixes|suggestions?|bullets?)$/, 'item'],
];
/** Labels of the measures a command's report gives ("Duration: 3.012s"), quoted without their value. */
const REPORT_MEASURES: Record<string, string[]> = { 'duration:': ['ELAPSED'], 'exit code:': ['EXIT'] };
/** The value a measure's label is said to have, without which the label is a text of the report ("`Duration:` is shown"). */
const MEASURE_VALUES: Record<string, EntityType[]> = { ELAPSED: ['duration', 'range'], EXIT: ['number', 'range'] };
/** Tokens read as a measure's label, kept only where the sentence gives that measure a value. */
const measureLabels = new WeakSet<Token>();

/** A measure's label with no value of its kind in the sentence is the quoted text it was. */
function labelsWithValues(tokens: Token[]): Token[] {
  return tokens.map((token) => {
    if (!measureLabels.has(token) || token.kind !== 'word') return token;
    const wanted = token.concepts.flatMap((c) => MEASURE_VALUES[c] ?? []);
    return tokens.some((t) => t.kind === 'entity' && wanted.includes(t.entity.type)) ? token : { kind: 'entity', entity: quotedEntity(token.text), text: token.text };
  });
}

/** Adverbs and auxiliaries a verb follows ("the second still runs", "the third never starts"). */
const BEFORE_VERB = /^(still|never|also|too|then|only|just|again|does|did|doesn't|didn't|has|had|will|would|can|cannot|must|should|is|was|isn't|wasn't|keeps|uses|starts|ends|begins|opens|closes|carries|writes|lists|names|says|reads|completes|finishes|returns|stops|never)$/;
/** Verbs (third person) the lexicon has for what a command does or the report says of it. */
const VERB_CONCEPTS = ['RUNS', 'WRITE', 'SHOWN', 'MENTION', 'COMPLETE', 'END', 'FIRST_LINE', 'LAST_LINE', 'SUCCEED', 'FAIL', 'TIMED_OUT', 'TERMINATE', 'APPLY', 'CREATE', 'ANNOUNCE', 'ELAPSED', 'SLEEP', 'IGNORE', 'HANDLE'];
/** Whether WORD, after "the second", makes it a command's place: an adverb or auxiliary, or a verb ending in -s the lexicon has. */
const VERB_AFTER_PLACE = (word: string | undefined): boolean =>
  word !== undefined && (BEFORE_VERB.test(word) || (/[^s]s$/.test(word) && !word.includes(' ') && (PHRASE_CONCEPTS.get(word) ?? []).some((c) => VERB_CONCEPTS.includes(c))));

const ORDINALS: Record<string, number | 'last'> = { first: 0, second: 1, third: 2, fourth: 3, fifth: 4, last: 'last', '1st': 0, '2nd': 1, '3rd': 2 };
/**
 * Adjectives of place that say "last" before the noun of a part ("the closing note", "the final notice", "the final
 * command"): an ordinal only there, never standing alone for a command ("the final" runs nothing).
 */
const PLACE_ADJECTIVES: Record<string, 'last'> = { final: 'last', closing: 'last', concluding: 'last', ultimate: 'last' };
/** The place W says before a noun of a part: an ordinal, or an adjective of place. */
const placeBeforeNoun = (w: string): number | 'last' | undefined => (Object.hasOwn(ORDINALS, w) ? ORDINALS[w] : Object.hasOwn(PLACE_ADJECTIVES, w) ? PLACE_ADJECTIVES[w] : undefined);

/** Phrase → every concept that lists it, longest phrases first. */
const PHRASES: [string[], string[]][] = (() => {
  const byPhrase = new Map<string, string[]>();
  for (const [concept, phrases] of Object.entries(CONCEPTS)) for (const p of phrases) byPhrase.set(p, [...(byPhrase.get(p) ?? []), concept]);
  return [...byPhrase.entries()].map(([p, concepts]): [string[], string[]] => [p.split(' '), concepts]).sort((a, b) => b[0].length - a[0].length);
})();
/** Phrase (its words joined by spaces) → its concepts: every token looks words up, so not by a scan. */
const PHRASE_CONCEPTS = new Map(PHRASES.map(([p, concepts]) => [p.join(' '), concepts]));
/** First word → the phrases it starts, longest first, as in PHRASES. */
const PHRASES_BY_FIRST_WORD = new Map<string, [string[], string[]][]>();
for (const entry of PHRASES) PHRASES_BY_FIRST_WORD.set(entry[0][0], [...(PHRASES_BY_FIRST_WORD.get(entry[0][0]) ?? []), entry]);

const QUOTES: [string, string][] = [['`', '`'], ['"', '"'], ['“', '”'], ["'", "'"], ['‘', '’']];

/** The concepts the lexicon has for a word or phrase. */
const conceptsOf = (phrase: string) => PHRASE_CONCEPTS.get(phrase) ?? [];

/** Splits out quoted spans; a single quote counts only at a word's edge (not "command's"). */
function quotedSpans(text: string): { text: string; quoted: boolean }[] {
  const parts: { text: string; quoted: boolean }[] = [];
  let rest = text;
  for (;;) {
    let best: { start: number; end: number } | null = null;
    for (const [open, close] of QUOTES) {
      const re = open === "'" ? /(^|[\s(:=,])'([^']+)'(?=$|[\s).,;:!?])/ : open === '‘' ? /(^|[\s(])‘([^’]+)’/ : new RegExp(`()\\${open}([^\\${close}]+)\\${close}`);
      const m = re.exec(rest);
      if (m && (best === null || m.index + m[1].length < best.start)) best = { start: m.index + m[1].length, end: m.index + m[0].length };
    }
    if (!best) break;
    if (best.start > 0) parts.push({ text: rest.slice(0, best.start), quoted: false });
    parts.push({ text: rest.slice(best.start + 1, best.end - 1), quoted: true });
    rest = rest.slice(best.end);
  }
  if (rest) parts.push({ text: rest, quoted: false });
  return parts;
}

/** The words that stand for the opening and closing brackets of an aside (characters of no text). */
const ASIDE_OPEN = '\uE000';
const ASIDE_CLOSE = '\uE001';

/**
 * TEXT with its asides' brackets made ASIDE_OPEN and ASIDE_CLOSE: "ends after three seconds (its one-second
 * timeout plus the two-second grace period)", "SHALL be 0 [it must not be 1]": an aside in parentheses,
 * square brackets or braces is a clause of its own, never words of the claim around it; nested ones too.
 */
function asidesMarked(text: string): string {
  let marked = text;
  for (let before = ''; before !== marked; ) {
    before = marked;
    marked = marked
      .replace(/\s\(([^()]*)\)(?=[\s,.;)\]}]|$)/g, ` ${ASIDE_OPEN} $1 ${ASIDE_CLOSE} `)
      .replace(/\s\[([^[\]]*)\](?=[\s,.;)\]}]|$)/g, ` ${ASIDE_OPEN} $1 ${ASIDE_CLOSE} `)
      .replace(/\s\{([^{}]*)\}(?=[\s,.;)\]}]|$)/g, ` ${ASIDE_OPEN} $1 ${ASIDE_CLOSE} `);
  }
  return marked;
}

/** The words of plain text: lowercase, hyphenated numbers split ("2-second" → "2", "second"), punctuation off. */
function words(text: string): string[] {
  return asidesMarked(text)
    .replace(/[()[\]{}!?]/g, ' ')
    .replace(/;|,(?!\d)/g, ' , ')
    // "is allowed to finish: its output is …": a colon before a clause of its own ends the one before, as a semicolon does.
    .replace(/:\s+(?=(?:its|it|the|a|an|no|their|they|both|each|every|none|neither|one|two|three|four|five)\s)/gi, ' , ')
    .replace(/(\d)-(?=[a-z])/gi, '$1 ')
    .replace(/\b([a-z]+)-(second|minute|hour|line)s?\b/gi, '$1 $2')
    .split(/\s+/)
    // A step's text is as written: markdown's emphasis around a word ("SHALL *not* be", "**never**") is no part of it.
    .map((w) => w.replace(/^[*_~]+(?=[A-Za-z0-9])/, '').replace(/(?<=[A-Za-z0-9.,;:!?])[*_~]+$/, ''))
    .map((w) => w.replace(/^[.:"]+|[.:"]+$/g, '').replace(/['’]s$/i, ''))
    // "announced w/ `(timeout 5m, …)`", "a job w/o `image:`": an abbreviation is the word it stands for, never a literal.
    .map((w) => (Object.hasOwn(ABBREVIATIONS, w.toLowerCase()) ? ABBREVIATIONS[w.toLowerCase()] : w))
    .filter((w) => w !== '');
}

/** Abbreviations of plain English a writer uses in running text, and the words they stand for. */
const ABBREVIATIONS: Record<string, string> = { 'w/': 'with', 'w/o': 'without', 'w/out': 'without' };

/** Reads quoted text as an entity: a duration, a signal, a key, a path, a `key: value`, else a command or text. */
function quotedEntity(text: string): Entity {
  const t = text.trim();
  const compact = compactDuration(t);
  if (compact !== null) return { type: 'duration', ms: compact, written: t };
  const signal = SIGNALS[t.toLowerCase()];
  if (signal && /^sig/i.test(t)) return { type: 'signal', name: signal };
  // `image:` with no value is the key, as a configuration file writes it.
  const key = t.replace(/:$/, '');
  if ((CONFIG_KEYS as readonly string[]).includes(key)) return { type: 'key', name: key as ConfigKey };
  if (/^\$[A-Z_][A-Z0-9_]*$/.test(t)) return { type: 'variable', name: t.slice(1) };
  if (/^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(t)) return { type: 'variable', name: t };
  if (/^(\/|\.\.?\/|~\/)[^\s]*$/.test(t)) return { type: 'path', text: t };
  return { type: 'quoted', text: t };
}

/** Words that end a command written without code marks ("the command sleep 30 runs on the host"). */
const AFTER_COMMAND = /^(runs|is run|is executed|executes|has|sets|declares|exits|is configured|is given|uses|ignores|with an?|with its|with the|in docker|in an?|on the host|under|times out|prints|writes)\b/i;
/** What follows "command" when it is not a command line: a verb, a function word, a noun of the domain. */
const NOT_A_COMMAND = /^(is|are|was|were|does|did|do|has|have|had|shall|must|should|will|would|can|could|may|might|that|which|who|whose|with|without|execution|exceeds?|completes?|produces?|writes?|prints?|outputs?|emits?|fails?|succeeds?|includes?|sets?|runs?|executes?|times?|takes?|ends?|exits?|returns?|gets?|receives?|ignores?|handles?|declares?|in|on|of|to|for|from|at|by|and|or|but|as|then|configured|limited|itself|script|lines?|output|named|called|text|started|starts|stopped|killed|terminated|finishes|reported|fields?|keys?|name|names|status|exit|line|itself|again|first|per|entry|entries|timed|terminated|stopped|killed|completed|failed|succeeded|exited|ran|was|got|being|been|whose|successfully)\b/i;
/** Verbs that introduce the command line after "command": "a command running sleep 10", "a host command runs exit 3". */
const INTRODUCER = /^(?:running|that runs|which runs|runs|executing|that executes|executes|invoking|calling|called)\s+(?![`"'“‘])/i;
/** First words of a command line that are also words of the lexicon. */
const SHELL_WORDS = new Set(['sleep', 'echo', 'trap', 'exit', 'true', 'false', 'kill', 'yes', 'printf', 'seq', 'cat', 'test', 'timeout', 'wait', 'sh', 'bash', 'env', 'ls', 'pwd', 'id', 'whoami', 'head', 'tail', 'grep', 'node', 'npm', 'make', 'python', 'python3', 'go', 'cargo']);
const MENTIONING = /\b(names|mentions|includes|shows|quotes|lists|contains|cites|says)\s+(the|its)\s+$/i;

/**
 * Whether TEXT, written after "command" without code marks, is a command line: it begins with a
 * shell word or a program's path, or holds what only a shell line holds (an option, a
 * redirection, a pipe, a variable, an assignment, a quote). Prose after "the command" ("the
 * command allocates more than its limit and the run") describes the command; it never defines it.
 */
function looksLikeCommandLine(text: string): boolean {
  const first = /^\S+/.exec(text)?.[0] ?? '';
  if (SHELL_WORDS.has(first.toLowerCase()) || BARE_COMMAND_WORDS.has(first.toLowerCase()) || /^(?:\.{0,2}\/|~\/)\S/.test(first)) return true;
  return /[;|&<>$='"]|(?:^|\s)--?[A-Za-z0-9]/.test(text);
}

/** The first words BARE_COMMAND knows a command line by. */
const BARE_COMMAND_WORDS = new Set(['docker', 'sleep', 'echo', 'exit', 'printf', 'seq', 'cat', 'kill', 'trap', 'ls', 'pwd', 'env', 'printenv', 'sh', 'bash', 'head', 'tail', 'grep', 'node', 'npm', 'npx', 'make', 'python', 'python3', 'go', 'cargo', 'yes', 'dd', 'touch', 'mkdir', 'rm', 'cp', 'mv', 'ping', 'ip', 'id', 'whoami', 'uname', 'date', 'true', 'false', 'wc', 'sort', 'tr', 'cut', 'awk', 'sed', 'find', 'test', 'setsid', 'nohup', 'wait', 'read', 'cd', 'exec', 'stat', 'df', 'du', 'free', 'hostname', 'curl', 'wget', 'nc', 'tee', 'xargs', 'timeout']);

/**
 * Puts code marks around a command line written without them: the words after
 * "command" up to the verb that follows it, or to the end after "names the command".
 */
export function markCommands(sentence: string): string {
  let out = '';
  let rest = sentence;
  for (;;) {
    const m = /\b(command)\s+(?![`"'“‘])/i.exec(rest);
    if (!m) break;
    const introduced = INTRODUCER.exec(rest.slice(m.index + m[0].length));
    const start = m.index + m[0].length + (introduced?.[0].length ?? 0);
    const after = rest.slice(start);
    const firstWord = /^\S+/.exec(after)?.[0].toLowerCase() ?? '';
    // A word of the lexicon first ("capped at 4 lines") describes the command; a shell word begins one.
    const describes = !SHELL_WORDS.has(firstWord) && PHRASE_CONCEPTS.has(firstWord);
    let end = -1;
    if (introduced ? !describes && !FUNCTION_WORDS.has(firstWord) : !NOT_A_COMMAND.test(after) && !describes) {
      for (const word of after.matchAll(/\s+/g)) {
        if (AFTER_COMMAND.test(after.slice(word.index + word[0].length))) {
          end = word.index;
          break;
        }
      }
      if (end < 0 && (introduced || MENTIONING.test(rest.slice(0, m.index)))) end = after.replace(/[.\s]+$/, '').length;
    }
    const text = end > 0 ? after.slice(0, end) : '';
    if (text && looksLikeCommandLine(text) && !/\b(SHALL|MUST|SHOULD)\b/.test(text) && !text.includes('`') && text.length <= 120) {
      out += `${rest.slice(0, start)}\`${text}\``;
      rest = after.slice(end);
    } else {
      out += rest.slice(0, start);
      rest = after;
    }
  }
  return out + rest;
}

/** Verbs that end a command line standing as a subject ("sleep 15 runs in Docker", "echo done is never started"). */
const SUBJECT_VERB = String.raw`(?:runs|is run|is executed|executes|is started|starts|is (?:never|not) (?:started|run|executed)|never (?:runs|starts)|exits|times out|prints|writes|finishes|completes|fails|succeeds|is stopped|is killed|gets|shows|lists|does not (?:list|show))\b`;
/** Where a clause begins: the start, after a comma, or after a conjunction. */
const CLAUSE_START = String.raw`(?:^|[,;]\s+|\b(?:and|when|then|while|if|once|but)\s+)`;
/**
 * A shell command line with one argument at least, beginning with a word no sentence begins with ("timeout" and "test" are words of the domain too).
 * "exit code", "exit status" (also "exit code's 2 and nothing runs") are the run's code, never the shell's `exit`.
 */
const BARE_COMMAND = String.raw`(?!exit\s+(?:code|status|codes|statuses)\b)(?:docker|sleep|echo|exit|printf|seq|cat|kill|trap|ls|pwd|env|printenv|sh|bash|head|tail|grep|node|npm|npx|make|python3?|go|cargo|yes)\s+[^\s\`"“,;][^\`"“,;]*?`;

/**
 * Puts code marks around a command line written without them and without the word
 * "command": a clause's subject that is a shell command ("sleep 15 runs in Docker"),
 * or the object of "to" or "for" that ends the sentence ("the default applies to sleep 15").
 */
export function markBareCommands(sentence: string): string {
  const subject = new RegExp(`(${CLAUSE_START})(${BARE_COMMAND})(?=\\s+${SUBJECT_VERB})`, 'gi');
  const object = new RegExp(`(\\b(?:to|for|running|run|suggests|suggesting|recommends|recommending|advises|advising)\\s+)(${BARE_COMMAND})(?=[.]?$)`, 'i');
  // Only outside quotes: a quoted span is already marked.
  return quotedSpans(sentence)
    .map((part) => (part.quoted ? quote(part.text, sentence) : part.text.replace(subject, '$1`$2`').replace(object, '$1`$2`')))
    .join('');
}

/** A quoted span as it was written in SENTENCE (with its marks). */
function quote(text: string, sentence: string): string {
  for (const [open, close] of QUOTES) if (sentence.includes(`${open}${text}${close}`)) return `${open}${text}${close}`;
  return `\`${text}\``;
}

/** Base images specifications name without a tag, and which nothing else is called. */
const WELL_KNOWN_IMAGES = new Set(['alpine', 'busybox', 'ubuntu', 'debian', 'fedora', 'centos', 'node', 'python', 'golang', 'rust', 'openjdk', 'nginx']);

/** An image reference: a name with a tag or a registry path, or a well-known base image. */
/** A file's name ("`proj/hook.yaml`", "`logs/run.jsonl`"): never an image, though it has a path's slash. */
const FILE_NAME = /\.(?:ya?ml|json|jsonl|txt|md|log|sh|js|mjs|ts)$/i;
const isImageReference = (text: string) => /^[a-z0-9][a-z0-9._/-]*(:[a-z0-9][a-z0-9._-]*)?$/i.test(text) && !FILE_NAME.test(text) && (/[:/]/.test(text) || WELL_KNOWN_IMAGES.has(text.toLowerCase()));

/**
 * "runs `echo hi` in `alpine`", "a command in alpine", "runs inside node:20", "`pwd` on `node:20`": the image
 * a command runs in, named after "in" or "inside" (or "on", with a tag) that follows the command or its verb
 * (quoted or not). Only an image reference: "runs in `build`" stays what it was.
 */
function imagesRunIn(tokens: Token[]): Token[] {
  return tokens.map((token, i) => {
    const text = token.kind === 'entity' ? (token.entity.type === 'quoted' ? token.entity.text : null) : token.concepts.length === 0 ? token.text : null;
    const [preposition, before] = [tokens[i - 1], tokens[i - 2]];
    // "runs on `node:20`": after "on", only a reference with a tag or a well-known base image ("on `main`", "on `ci/runner`" stay words).
    const onImage = preposition?.kind === 'word' && /^on$/i.test(preposition.text) && text !== null && (/:[a-z0-9]/i.test(text) || WELL_KNOWN_IMAGES.has(text.toLowerCase()));
    if (text === null || !isImageReference(text) || preposition?.kind !== 'word' || !(/^(in|inside)$/i.test(preposition.text) || onImage)) return token;
    const runsBefore = before !== undefined && ((before.kind === 'entity' && before.entity.type === 'quoted') || (before.kind === 'word' && before.concepts.some((c) => c === 'RUNS' || c === 'COMMAND')));
    return runsBefore ? { kind: 'entity', entity: { type: 'image', name: text }, text } : token;
  });
}

/**
 * An image named without a tag: the unknown word after "image", or before "container" or "image" ("an alpine container");
 * and an image reference, quoted or not, between an article and the noun it qualifies ("a `busybox` command", "a node:20
 * job"): there it says what kind of command, as "a host command" would, never the command line (which follows the noun).
 */
function imageNames(tokens: Token[]): Token[] {
  return tokens.map((token, i) => {
    const before = tokens[i - 1];
    const next = tokens[i + 1];
    const reference = token.kind === 'entity' ? (token.entity.type === 'quoted' ? token.entity.text : null) : token.text;
    const qualifies = reference !== null && isImageReference(reference) && before?.kind === 'word' && /^(a|an|the|one|each|every|another)$/i.test(before.text) && next?.kind === 'word' && next.concepts.some((c) => c === 'COMMAND' || c === 'CONTAINER');
    if (qualifies) return { kind: 'entity', entity: { type: 'image', name: reference }, text: reference };
    if (token.kind !== 'word' || token.concepts.length > 0 || !/^[a-z0-9][a-z0-9._/-]*$/i.test(token.text)) return token;
    const isImageWord = (t: Token | undefined) => t?.kind === 'word' && t.concepts.includes('IMAGE');
    const isContainerWord = (t: Token | undefined) => t?.kind === 'word' && t.concepts.includes('CONTAINER') && /^containers?$/i.test(t.text);
    // "a container started from alpine"
    const fromImage = before?.kind === 'word' && /^from$/i.test(before.text) && tokens[i - 2]?.kind === 'word' && (tokens[i - 2] as { concepts: string[] }).concepts.some((c) => c === 'CREATE' || c === 'CONTAINER');
    return isImageWord(before) || isImageWord(next) || isContainerWord(next) || fromImage ? { kind: 'entity', entity: { type: 'image', name: token.text }, text: token.text } : token;
  });
}

/**
 * A word no concept knows where only a name or a value can stand: after "user"
 * ("as user nobody"), after "runs as", after "set to" ("FOO is set to bar"). It is a
 * value, as if quoted; anywhere else it stays a word not understood.
 */
/**
 * The writer's own role said as a persona ("as an operator, I run …", "as a developer"): no user a
 * command runs as, so its word is grammar here ("runs as a user `nobody`", a value right after it, still names one).
 */
function writersRoles(tokens: Token[]): Token[] {
  const word = (t: Token | undefined, re: RegExp) => t?.kind === 'word' && re.test(t.text);
  return tokens.map((token, i) =>
    token.kind === 'word' && token.concepts.includes('USER') && word(tokens[i - 1], /^an?$/i) && word(tokens[i - 2], /^as$/i) && tokens[i + 1]?.kind !== 'entity' ? { ...token, concepts: ['FUNCTION'] } : token,
  );
}

function namedValues(tokens: Token[]): Token[] {
  const is = (t: Token | undefined, concept: string) => t?.kind === 'word' && t.concepts.includes(concept);
  const word = (t: Token | undefined, re: RegExp) => t?.kind === 'word' && re.test(t.text);
  return tokens.map((token, i) => {
    if (token.kind !== 'word' || token.concepts.length > 0 || !/^[a-z0-9][a-z0-9._-]*$/i.test(token.text)) return token;
    const [before, twoBefore] = [tokens[i - 1], tokens[i - 2]];
    const named = is(before, 'USER') || (word(before, /^as$/i) && is(twoBefore, 'RUNS')) || (word(before, /^to$/i) && (is(twoBefore, 'SET') || word(twoBefore, /^(equal|changed)$/i))) || word(before, /^(equals|=)$/i);
    return named ? { kind: 'entity', entity: { type: 'quoted', text: token.text }, text: token.text } : token;
  });
}

/**
 * Where SPAN stands in TEXT as a whole, not inside a word (`a` is not the "a" of "after"); else its first place. A span
 * that is a number stands where it is no code's value said in words ("failed with exit code 1, the lines `1` to `4`":
 * the `1` is the line's, not the code's), where the text holds it there and again.
 */
function wholeAt(text: string, span: string): number {
  const word = /\w/;
  const wholes: number[] = [];
  for (let at = text.indexOf(span); at >= 0; at = text.indexOf(span, at + 1)) {
    const inside = (word.test(span[0]) && word.test(text[at - 1] ?? '')) || (word.test(span.at(-1)!) && word.test(text[at + span.length] ?? ''));
    if (!inside) wholes.push(at);
  }
  const codesValue = (at: number) => /^\d+$/.test(span) && /\b(?:code|status|rc)\s+(?:of\s+)?$/i.test(text.slice(0, at));
  // A word said between a determiner and a noun modifies that noun ("the second command prints `second`": the
  // ordinal places a command; the text it printed is the later `second`), where the text holds the word again.
  const modifier = (at: number) => /^[a-z]+$/i.test(span) && /\b(?:the|its|their|each|every|a|an)\s+$/i.test(text.slice(0, at)) && /^\s+[a-z]/i.test(text.slice(at + span.length));
  return wholes.find((at) => !codesValue(at) && !modifier(at)) ?? wholes.find((at) => !codesValue(at)) ?? wholes[0] ?? text.indexOf(span);
}

/**
 * Puts back the code marks of a step's inline code spans (`sleep 30`), which its plain
 * text lost: each span, in order, where it next stands and is not already quoted.
 */
export function markCode(text: string, code: readonly string[] = []): string {
  let out = '';
  let rest = text;
  for (const span of code) {
    const at = wholeAt(rest, span);
    if (span.trim() === '' || /[“”]/.test(span) || at < 0) continue;
    const before = (out + rest.slice(0, at)).slice(-1);
    const after = rest.charAt(at + span.length);
    const quoted = /["'“‘]/.test(before) && /["'”’]/.test(after);
    // A span that holds code marks of its own (``Raise `memory:` …``) is marked with quotes no code mark closes.
    out += `${rest.slice(0, at)}${quoted ? span : span.includes('`') ? `“${span}”` : `\`${span}\``}`;
    rest = rest.slice(at + span.length);
  }
  return out + rest;
}

/** A sentence as tokens. */
export function tokenize(sentence: string): Token[] {
  return elidedOrdinals(problemsByPlace(quotedRanges(jsonMembers(streamReferences(namedValues(writersRoles(variableNames(imageNames(imagesRunIn(onceAsFrequency(nounOrVerb(memorySizes(labelsWithValues(phrasalVerbs(quotedNumerals(tokensOf(markBareCommands(markCommands(sentence)))))))))))))))))));
}

/**
 * "the report's Duration", "its report's duration line": the report's `Duration:` line, named by its label as the
 * subject (a label in code marks, "`Duration:` is …", is read so already), never the time the command ran.
 */
export function reportLabelsNamed(sentence: string): string {
  return sentence.replace(/\b(?:the )?report(?:'s|’s) (?:`Duration:`|duration:?)(?: line)?(?=\s)/gi, '`Duration:`');
}

/** Words between a word of exiting and its value: "exits with", "the exit code is", "status of", "exit code shall still be". */
const BEFORE_STATUS = /^(with|of|is|was|be|=|equals|becomes|stays|remains|still|always|again|also)$/i;
/** The units a count is said in ("`5` lines"), and the words a count's unit may follow ("`5` more lines"). */
const COUNT_UNITS: Record<string, 'line' | 'command' | 'signal' | 'container'> = { line: 'line', lines: 'line', command: 'command', commands: 'command', signal: 'signal', signals: 'signal', container: 'container', containers: 'container' };
const BEFORE_UNIT = /^(more|further|extra|additional|output|omitted|dropped|truncated|hidden|shown|remaining|visible|printed|kept|stdout|stderr|log)$/i;

/**
 * A numeral in code marks where the sentence's fact takes a number is that number, as it is unquoted:
 * before a unit of time a duration ("`2` s"), after a word of exiting ("the exit code is `2`", "exits with `124`", "`124`, not `7`" after one) it is
 * a status, and before a unit of counting ("`5` lines are omitted", "`3` more lines") a count. Where a
 * text is meant ("prints `3`", "the output is `42`") it stays the text quoted: a command prints texts.
 */
function quotedNumerals(tokens: Token[]): Token[] {
  const numeral = (t: Token | undefined): t is Token & { kind: 'entity' } => t?.kind === 'entity' && t.entity.type === 'quoted' && /^\d+(\.\d+)?$/.test(t.entity.text);
  const word = (t: Token | undefined, re: RegExp) => t?.kind === 'word' && re.test(t.text);
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!numeral(token)) {
      out.push(token);
      continue;
    }
    const n = Number(token.text);
    // "`2` s", "about `1.5` seconds": a time.
    const perUnit = tokens[i + 1]?.kind === 'word' ? unitMs(tokens[i + 1].text.toLowerCase()) : null;
    if (perUnit !== null) {
      out.push({ kind: 'entity', entity: { type: 'duration', ms: n * perUnit }, text: `${token.text} ${tokens[i + 1].text}` });
      i += 1;
      continue;
    }
    const between = word(tokens[i + 1], BEFORE_UNIT) ? 1 : 0;
    const unit = tokens[i + 1 + between];
    if (Number.isInteger(n) && unit?.kind === 'word' && Object.hasOwn(COUNT_UNITS, unit.text.toLowerCase())) {
      out.push({ kind: 'entity', entity: { type: 'count', n, unit: COUNT_UNITS[unit.text.toLowerCase()] }, text: `${token.text} ${unit.text}` });
      if (between) out.push(...tokensOf(tokens[i + 1].text).filter((t) => !word(t, /^(more|further|extra|additional)$/i)));
      i += 1 + between;
      continue;
    }
    let k = out.length - 1;
    while (k >= 0 && word(out[k], BEFORE_STATUS)) k--;
    const concepts = out[k]?.kind === 'word' ? (out[k] as { concepts: string[] }).concepts : [];
    // "times out with `124`", "fails with `3`": the status an outcome came with.
    const status = concepts.includes('EXIT') || (word(out[k + 1], /^with$/i) && ['TIMED_OUT', 'FAIL', 'TERMINATE'].some((c) => concepts.includes(c)));
    // "`124`, not `7`", "`0` or `1`": another status, in the same place as the one before it.
    let j = out.length - 1;
    while (j >= 0 && word(out[j], /^(,|not|or|nor|rather than)$/i)) j--;
    const alternative = j < out.length - 1 && j >= 0 && quotedStatus.has(out[j]);
    if (Number.isInteger(n) && (status || alternative)) {
      const number: Token = { kind: 'entity', entity: { type: 'number', n }, text: token.text };
      quotedStatus.add(number);
      out.push(number);
    } else out.push(token);
  }
  return out;
}
/** Numbers read from code marks as a status, which a status after them in the same place may follow ("`124`, not `7`"). */
const quotedStatus = new WeakSet<Token>();

/** Particles that make a verb of saying or holding another verb ("gives up", "holds off", "gives way" is a phrase of its own). */
const PARTICLE = /^(up|off|away|down|back|over)$/i;
const SAYING = ['MENTION', 'SET', 'SHOWN'];

/**
 * "the run gives up on the command", "the executor holds off", "reads back": a verb of saying or holding with a particle
 * after it that no phrase of the lexicon has is a phrasal verb, whose meaning is none of the verb's own ("gives up" says
 * nothing is given): both words are not understood, so the sentence is never read as the verb alone would be.
 */
function phrasalVerbs(tokens: Token[]): Token[] {
  const saying = (t: Token | undefined) => t?.kind === 'word' && !t.text.includes(' ') && t.concepts.some((c) => SAYING.includes(c));
  const particle = (t: Token | undefined) => t?.kind === 'word' && PARTICLE.test(t.text);
  return tokens.map((token, i) => (token.kind === 'word' && ((saying(token) && particle(tokens[i + 1])) || (particle(token) && saying(tokens[i - 1]))) ? { ...token, concepts: [] } : token));
}

/** A memory limit's name: the `memory` key, or a word of memory ("RAM"). */
export const namesMemory = (t: Token | undefined) => (t?.kind === 'entity' && t.entity.type === 'key' && t.entity.name === 'memory') || (t?.kind === 'word' && t.concepts.includes('MEMORY'));

/**
 * "its memory limit (16m)", "16m of memory": a figure with a unit of size (k, m, g) beside a memory limit is the
 * limit's size as written, never 16 minutes; kept as the text the report gives it in.
 */
function memorySizes(tokens: Token[]): Token[] {
  // Of the memory limit only where no other setting stands between them ("a timeout of 5m and memory 16m": 5m is the timeout's).
  const otherSetting = (t: Token) => !namesMemory(t) && ((t.kind === 'entity' && (t.entity.type === 'key' || t.entity.type === 'duration')) || (t.kind === 'word' && t.concepts.includes('TIMEOUT')));
  const reached = (side: Token[]) => {
    const at = side.findIndex((t) => namesMemory(t) || otherSetting(t));
    return at >= 0 && namesMemory(side[at]);
  };
  // After it, only as what it measures: "16m memory", "16m of memory".
  const measures = (i: number) => namesMemory(tokens[i + 1]) || (/^of$/i.test(tokens[i + 1]?.text ?? '') && namesMemory(tokens[i + 2]));
  const nearMemory = (i: number) => reached(tokens.slice(Math.max(0, i - 3), i).reverse()) || measures(i);
  return tokens.map((token, i) =>
    token.kind === 'entity' && token.entity.type === 'duration' && /^\d+(?:\.\d+)?\s*[kmg]b?$/i.test(token.text) && nearMemory(i) ? { kind: 'entity', entity: { type: 'quoted', text: token.text.replace(/\s/g, '') }, text: token.text } : token,
  );
}

/** Words before a noun: "a mention of", "no mention", "its mention". */
const DETERMINERS = /^(a|an|the|no|any|each|every|its|their|one|some|this|that|another)$/i;

/**
 * A word the lexicon has both as a thing of the report and as a verb of saying ("mention": a notice, or what any
 * text does): a noun after a determiner ("no mention of `x`"), else the verb ("the output does not mention `x`"),
 * whose subject is then read, never dropped for a notice the sentence does not name.
 */
function nounOrVerb(tokens: Token[]): Token[] {
  return tokens.map((token, i) => {
    if (token.kind !== 'word' || !token.concepts.includes('NOTICE') || !token.concepts.includes('MENTION')) return token;
    const noun = DETERMINERS.test(tokens[i - 1]?.text ?? '');
    return { ...token, concepts: token.concepts.filter((c) => (noun ? c !== 'MENTION' : c !== 'NOTICE')) };
  });
}

/** What ends a clause: nothing said after "once" there makes it a frequency ("it is sent once, and …"). */
const CLAUSE_END = /^(,|and|or|but)$/i;

/**
 * "once" is a conjunction where a clause follows it ("once the timeout fires": AFTER), a frequency after a bound
 * ("at most once", "no more than once", "exactly once") or where its clause ends ("is sent once"): how many times,
 * which no fact but TWICE's reads, so the bound before it is never read as one of the value before that.
 */
function onceAsFrequency(tokens: Token[]): Token[] {
  return tokens.map((token, i) => {
    if (token.kind !== 'word' || token.text.toLowerCase() !== 'once') return token;
    const before = tokens[i - 1];
    const bound = before?.kind === 'word' && (before.concepts.some((c) => c === 'AT_MOST' || c === 'AT_LEAST') || /^(exactly|precisely)$/i.test(before.text));
    const next = tokens[i + 1];
    return bound || next === undefined || (next.kind === 'word' && CLAUSE_END.test(next.text)) ? { ...token, concepts: ['ONCE'] } : token;
  });
}

/**
 * "the first reads `stop.defaultTimeout: …`", "the second one is `hooks.yaml:5:7: …`": an
 * ordinal with no noun, said of a text only a refused configuration's problems hold, names that
 * problem by its place, never a command (a refused configuration runs none). "the first
 * command" names the command the writer said.
 */
function problemsByPlace(tokens: Token[]): Token[] {
  if (!tokens.some((t) => t.kind === 'entity' && t.entity.type === 'quoted' && problemText(t.entity.text))) return tokens;
  return tokens.map((token, i) => {
    const noun = tokens[i + 1];
    if (token.kind !== 'entity' || token.entity.type !== 'ordinal' || token.entity.of !== 'command' || !Object.hasOwn(ORDINALS, token.text.toLowerCase())) return token;
    if (noun?.kind === 'word' && noun.concepts.includes('COMMAND') && !/^ones?$/i.test(noun.text)) return token;
    return { kind: 'entity', entity: { type: 'nth', index: token.entity.index, of: 'problem' }, text: token.text };
  });
}

/** "`1234` on its first line and `5678` on its second": an ordinal with its noun left out names what the ordinal before it in the sentence named. */
function elidedOrdinals(tokens: Token[]): Token[] {
  let named: Extract<Entity, { type: 'ordinal' | 'nth' }> | null = null;
  return tokens.map((token) => {
    if (token.kind === 'entity' && (token.entity.type === 'ordinal' || token.entity.type === 'nth')) named = token.entity;
    const index = token.kind === 'word' && token.concepts.length === 0 && Object.hasOwn(ORDINALS, token.text.toLowerCase()) ? ORDINALS[token.text.toLowerCase()] : undefined;
    return index === undefined || named === null ? token : { kind: 'entity', entity: { ...named, index }, text: token.text };
  });
}

/** The texts a range stands for, in order: "`line1` to `line3`" is `line1`, `line2`, `line3`. */
export const rangeTexts = (r: { from: number; to: number; prefix?: string; suffix?: string }): string[] =>
  Array.from({ length: r.to - r.from + 1 }, (_, k) => `${r.prefix ?? ''}${r.from + k}${r.suffix ?? ''}`);

/** The most texts a range of quoted texts may stand for: a longer one is no list of lines a sentence means one by one. */
const LONGEST_TEXT_RANGE = 1000;

/** The texts of a range, none when it spans more numbers than a reader lists one by one ("lines 1 to 300000"). */
export const textsOfRange = (r: { from: number; to: number; prefix?: string; suffix?: string }): string[] => (Math.abs(r.to - r.from) < LONGEST_TEXT_RANGE ? rangeTexts(r) : []);

/**
 * "`1` to `5`", "`101` through `105`": quoted numbers from one to another are a range, as
 * unquoted ones are; "`line1` to `line5`", "`row 3` through `row 7`": texts alike but for their
 * number are the texts of every number between, not the two ends alone.
 */
function quotedRanges(tokens: Token[]): Token[] {
  const numbered = (t: Token | undefined) => {
    const m = t?.kind === 'entity' && t.entity.type === 'quoted' ? /^(\D*?)(\d+)(\D*)$/.exec(t.entity.text) : null;
    return m ? { prefix: m[1], n: Number(m[2]), suffix: m[3] } : null;
  };
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const [from, to, between] = [numbered(tokens[i]), numbered(tokens[i + 2]), tokens[i + 1]];
    const alike = from !== null && to !== null && from.prefix === to.prefix && from.suffix === to.suffix && to.n > from.n && to.n - from.n < LONGEST_TEXT_RANGE;
    if (from !== null && to !== null && between?.kind === 'word' && /^(to|through|thru)$/i.test(between.text) && (alike || (from.prefix + from.suffix + to.prefix + to.suffix === ''))) {
      const affix = from.prefix + from.suffix === '' ? {} : { prefix: from.prefix, suffix: from.suffix };
      out.push({ kind: 'entity', entity: { type: 'range', from: from.n, to: to.n, ...affix }, text: `${tokens[i].text} ${between.text} ${tokens[i + 2].text}` });
      i += 2;
    } else out.push(tokens[i]);
  }
  return out;
}

/** A member of a JSON object as a JSON line writes it: `"event":"timeout"`. */
export const JSON_MEMBER = /^"[A-Za-z_][A-Za-z0-9_]*":\S/;

/**
 * "`"event":"timeout"`, `"exitCode":124` and `"signal":"SIGTERM"`": members of one JSON
 * object, listed, are one quoted text (the members on lines of their own), so that a
 * fact reads them as one line's, not each as a line of its own.
 */
function jsonMembers(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const member = (t: Token | undefined) => t?.kind === 'entity' && t.entity.type === 'quoted' && JSON_MEMBER.test(t.entity.text);
    if (!member(token)) {
      out.push(token);
      continue;
    }
    const members = [(token as { text: string }).text];
    let j = i + 1;
    for (;;) {
      let k = j;
      while (tokens[k]?.kind === 'word' && /^(,|and)$/i.test(tokens[k].text)) k++;
      if (k === j || !member(tokens[k])) break;
      members.push((tokens[k] as { text: string }).text);
      j = k + 1;
    }
    const text = members.join('\n');
    out.push({ kind: 'entity', entity: { type: 'quoted', text }, text });
    i = j - 1;
  }
  return out;
}

/** "that stream", "the same stream", "the other stream": the stream named before it. */
/** An upper-case name beside "variable" or "env" ("the variable FOO", "FOO environment variable"). */
function variableNames(tokens: Token[]): Token[] {
  const isEnv = (t: Token | undefined) => t?.kind === 'word' && t.concepts.includes('ENVIRONMENT');
  return tokens.map((token, i) =>
    token.kind === 'word' && token.concepts.length === 0 && /^[A-Z][A-Z0-9_]+$/.test(token.text) && (isEnv(tokens[i - 1]) || isEnv(tokens[i + 1]))
      ? { kind: 'entity', entity: { type: 'variable', name: token.text }, text: token.text }
      : token,
  );
}

function streamReferences(tokens: Token[]): Token[] {
  let last: StreamName | null = null;
  return tokens.flatMap((token, i): Token[] => {
    if (token.kind === 'entity' && token.entity.type === 'stream') last = token.entity.name;
    const before = tokens[i - 1];
    if (token.kind !== 'word' || !/^stream$/i.test(token.text) || before?.kind !== 'word' || last === null) return [token];
    const which = before.text.toLowerCase();
    if (which !== 'that' && which !== 'this' && which !== 'same' && which !== 'other') return [token];
    const name: StreamName = which === 'other' ? (last === 'stdout' ? 'stderr' : 'stdout') : last;
    return [{ kind: 'entity', entity: { type: 'stream', name }, text: `${before.text} ${token.text}` }];
  });
}

/** The bracket that closes an aside opened by each. */
const CLOSING: Record<string, string> = { '[': ']', '{': '}', '(': ')' };

/**
 * PARTS with the brackets of an aside in square brackets, braces or parentheses that holds quoted
 * text and words of its own ("SHALL be 0 (the output contains "zzz")") marked as an aside's,
 * as words() marks those of an aside within one unquoted part: its opening bracket is in one part
 * and its closing one in a later part, and neither may join the aside's words to the claim around
 * it. An aside of quoted texts alone ("[`x`]", "the system's reason (`ENOENT: …`)", "run (`[1/2]`
 * and `[2/2]`)") names what is before it, and stays with it.
 */
function asidesAcrossQuotes(parts: { text: string; quoted: boolean }[]): { text: string; quoted: boolean }[] {
  const out = parts.map((part) => ({ ...part }));
  // Each bracket by its part and place; a bracket opens an aside after a space, and closes one before a space, a stop or the part's end.
  const open: { part: number; at: number; bracket: string }[] = [];
  const marks: { part: number; at: number; mark: string }[] = [];
  out.forEach((part, i) => {
    if (part.quoted) return;
    [...part.text].forEach((ch, k) => {
      if (ch in CLOSING && k > 0 && /\s/.test(part.text[k - 1])) open.push({ part: i, at: k, bracket: ch });
      else if (open.length > 0 && CLOSING[open[open.length - 1].bracket] === ch && /^(?:[\s,.;)\]}]|$)/.test(part.text.slice(k + 1, k + 2))) {
        const start = open.pop()!;
        // Within one part, words() marks it; across quoted texts, here, unless it holds quoted texts alone.
        if (start.part === i) return;
        const words = [out[start.part].text.slice(start.at + 1), ...out.slice(start.part + 1, i).filter((p) => !p.quoted).map((p) => p.text), part.text.slice(0, k)].join(' ');
        if (/^(?:\s|,|and|or)*$/i.test(words)) return;
        marks.push({ part: start.part, at: start.at, mark: ASIDE_OPEN }, { part: i, at: k, mark: ASIDE_CLOSE });
      }
    });
  });
  for (const { part, at, mark } of marks.sort((x, y) => y.part - x.part || y.at - x.at)) out[part].text = `${out[part].text.slice(0, at)} ${mark} ${out[part].text.slice(at + 1)}`;
  return out;
}

/** "line 4", "line number 4", "col 7" at I (WHICH: a line or a column): its number, and how many words say it. */
function placeNumber(lower: string[], i: number, which: 'line' | 'column'): { n: number; used: number } | null {
  if (!(which === 'line' ? /^line$/ : /^(column|col)$/).test(lower[i] ?? '')) return null;
  const numbered = lower[i + 1] === 'number' ? 1 : 0;
  return /^\d+$/.test(lower[i + 1 + numbered] ?? '') ? { n: Number(lower[i + 1 + numbered]), used: 2 + numbered } : null;
}

function tokensOf(sentence: string): Token[] {
  const tokens: Token[] = [];
  for (const part of asidesAcrossQuotes(quotedSpans(sentence))) {
    const assignment = part.quoted ? /^([A-Z][A-Z0-9_]*)=(\S*)$/.exec(part.text.trim()) : null;
    if (assignment) {
      tokens.push({ kind: 'entity', entity: { type: 'variable', name: assignment[1] }, text: assignment[1] }, { kind: 'entity', entity: { type: 'quoted', text: assignment[2] }, text: assignment[2] });
      continue;
    }
    if (part.quoted) {
      // `spec-run exec` in code marks is still the executor; a command is not a phrase of the lexicon.
      // Only the names of the executor itself: a quoted "cleaned up" is a text, not the word.
      // Through a package runner (`npx spec-run exec`) it is the same executor.
      const unquoted = withoutRunner(part.text).toLowerCase();
      const hookConcepts = unquoted.includes(' ') ? PHRASE_CONCEPTS.get(unquoted) : undefined;
      const phrase = hookConcepts?.includes('HOOK') ? ([unquoted.split(' '), hookConcepts] as const) : undefined;
      // "its `Duration:` is …": the label of a measure the report gives, with no value, is that measure.
      const label = REPORT_MEASURES[part.text.trim().toLowerCase()];
      // `stop:` is the configuration's section, as the word "stop:" is, never a command line.
      const section = part.text.trim() === 'stop:' ? conceptsOf('stop:') : null;
      const token: Token = section ? { kind: 'word', text: part.text, concepts: section } : phrase ? { kind: 'word', text: part.text, concepts: phrase[1] } : label ? { kind: 'word', text: part.text, concepts: label } : { kind: 'entity', entity: quotedEntity(part.text), text: part.text };
      if (!phrase && label) measureLabels.add(token);
      tokens.push(token);
      continue;
    }
    const raw = words(part.text);
    // An aside's bracket ends a clause as a comma does, and is read as one by what looks past it.
    const lower = raw.map((w) => (w === ASIDE_OPEN || w === ASIDE_CLOSE ? ',' : w.toLowerCase()));
    let i = 0;
    const take = (n: number, entity: Entity) => {
      tokens.push({ kind: 'entity', entity, text: raw.slice(i, i + n).join(' ') });
      i += n;
    };
    while (i < lower.length) {
      if (raw[i] === ASIDE_OPEN || raw[i] === ASIDE_CLOSE) {
        tokens.push({ kind: 'word', text: ',', concepts: ['FUNCTION'], aside: raw[i] === ASIDE_OPEN ? 'open' : 'close' });
        i += 1;
        continue;
      }
      const w = lower[i];
      const next = lower[i + 1];
      const joined = (n: number) => lower.slice(i, i + n).join(' ');
      // signals and streams (before numbers: "signal 9", "fd 2")
      const sig = [3, 2, 1].find((n) => Object.hasOwn(SIGNALS, joined(n)) && !/^-?\d+$/.test(joined(n)));
      if (sig !== undefined) {
        take(sig, { type: 'signal', name: SIGNALS[joined(sig)] });
        continue;
      }
      const stream = [3, 2, 1].find((n) => Object.hasOwn(STREAMS, joined(n)));
      if (stream !== undefined) {
        take(stream, { type: 'stream', name: STREAMS[joined(stream)] });
        continue;
      }
      const key = [4, 3, 2, 1].find((n) => Object.hasOwn(KEY_SYNONYMS, joined(n)));
      // "the network interface": an interface the command lists, no key.
      if (key !== undefined && !(joined(key) === 'network' && /^(interfaces?|devices?)$/.test(lower[i + 1] ?? ''))) {
        take(key, { type: 'key', name: KEY_SYNONYMS[joined(key)] });
        continue;
      }
      // "the timeout field", "the image key"
      if (Object.hasOwn(PLAIN_KEYS, w) && (next === 'field' || next === 'key' || next === 'setting' || next === 'option')) {
        take(2, { type: 'key', name: PLAIN_KEYS[w] });
        continue;
      }
      // "line 4", "line number 4", "line 3, column 7", "column 7 of line 3", "column 7": a place in the configuration file;
      // a number a word of place governs is that place, never a text of its own ("the line 2000" is the line that reads 2000)
      const line = placeNumber(lower, i, 'line');
      if (line !== null && lower[i - 1] !== 'the') {
        const comma = lower[i + line.used] === ',' ? 1 : 0;
        const column = placeNumber(lower, i + line.used + comma, 'column');
        take(column === null ? line.used : line.used + comma + column.used, { type: 'position', line: line.n, ...(column === null ? {} : { column: column.n }) });
        continue;
      }
      const column = placeNumber(lower, i, 'column');
      if (column !== null) {
        const of = /^(of|on|in|at)$/.test(lower[i + column.used] ?? '') ? placeNumber(lower, i + column.used + 1, 'line') : null;
        take(of === null ? column.used : column.used + 1 + of.used, { type: 'position', column: column.n, ...(of === null ? {} : { line: of.n }) });
        continue;
      }
      // durations in any spelling: "2h30m", "1.5 s", "two seconds", "half a second", "1 minute and 30 seconds"
      const duration = readDuration(lower, i);
      if (duration !== null) {
        take(duration.used, { type: 'duration', ms: duration.ms });
        continue;
      }
      // "1 to 10", "101 through 105"
      if (/^-?\d+$/.test(w) && /^(to|through|thru|until)$/.test(next ?? '') && /^-?\d+$/.test(lower[i + 2] ?? '') && unitMs(lower[i + 3]) === null && !/^lines?$/.test(lower[i + 3] ?? '')) {
        take(3, { type: 'range', from: Number(w), to: Number(lower[i + 2]) });
        continue;
      }
      // numbers, possibly with a unit: "10 lines", "five hundred lines", "3 lines of output", "2 commands"
      const number = readNumber(lower, i);
      if (number !== null) {
        const { n, used } = number;
        // "10 more lines", "35 omitted lines", "3 output lines": the word between is kept as a token of its own.
        const between = /^(more|further|extra|additional|output|omitted|dropped|truncated|hidden|shown|remaining|visible|printed|kept|stdout|stderr|log)$/.test(lower[i + used] ?? '') ? 1 : 0;
        const u = lower[i + used + between] ?? '';
        const unit = /^lines?$/.test(u) ? 'line' : /^commands?$/.test(u) ? 'command' : /^signals?$/.test(u) ? 'signal' : /^containers?$/.test(u) ? 'container' : null;
        if (unit) {
          const qualifier = between ? tokensOf(raw[i + used]) : [];
          tokens.push({ kind: 'entity', entity: { type: 'count', n, unit }, text: [...raw.slice(i, i + used), raw[i + used + between]].join(' ') });
          tokens.push(...qualifier.filter((t) => !(t.kind === 'word' && /^(more|further|extra|additional)$/i.test(t.text))));
          i += used + between + 1;
          continue;
        }
        // "one" alone is a pronoun ("the one that…"), "single", "couple", "dozen" say how many of something named
        if (!/^(one|single|couple|dozen)$/.test(w)) {
          take(used, { type: 'number', n });
          continue;
        }
      }
      // "the first problem", "the last notice", "the first item", "the first error line": a part of the report of a kind.
      const part = PART_WORDS.find(([re]) => re.test(next ?? ''));
      const placed = placeBeforeNoun(w);
      if (placed !== undefined && part && !(next === 'line' || next === 'lines')) {
        take(1, { type: 'nth', index: placed, of: part[1] });
        continue;
      }
      // "the first is reported as …, the second as …", "the second never starts", "the third keeps 10 lines": an ordinal
      // standing for a command, a verb (or an adverb before one) after it. Not after a part of another kind was named by its
      // place ("the first problem …, the second is …": that kind's, see elidedOrdinals).
      const otherPlaced = tokens.some((t) => t.kind === 'entity' && (t.entity.type === 'nth' || (t.entity.type === 'ordinal' && t.entity.of !== 'command')));
      if (Object.hasOwn(ORDINALS, w) && lower[i - 1] === 'the' && !otherPlaced && (/^(is|as|was|prints|printing|shows|reports|gets|runs|exits|times|fails|succeeds)$/.test(next ?? '') || VERB_AFTER_PLACE(next))) {
        take(1, { type: 'ordinal', index: ORDINALS[w], of: 'command' });
        continue;
      }
      // "its first output line", "the last stdout line": a line of that output.
      if (Object.hasOwn(ORDINALS, w) && /^(output|stdout|stderr)$/.test(next ?? '') && lower[i + 2] === 'line') {
        take(1, { type: 'ordinal', index: ORDINALS[w], of: 'line' });
        continue;
      }
      // "the second announcement", "the last headline", "the first report": the place of that command.
      if (placed !== undefined && (/^(command|stop|entry|item|line|announcement|headline)/.test(next ?? '') || (Object.hasOwn(ORDINALS, w) && next === 'one') || /^reports?$/.test(next ?? ''))) {
        take(1, { type: 'ordinal', index: placed, of: next === 'line' ? 'line' : 'command' });
        continue;
      }
      if (/^\$[A-Za-z_][A-Za-z0-9_]*$/.test(raw[i]) || /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(raw[i])) {
        take(1, { type: 'variable', name: raw[i].replace(/^\$/, '') });
        continue;
      }
      if (/^(\/|\.\.?\/|~\/)/.test(raw[i]) && raw[i].length > 1) {
        take(1, { type: 'path', text: raw[i] });
        continue;
      }
      if (/^[a-z0-9][a-z0-9._/-]*:[a-z0-9][a-z0-9._-]*$/.test(w) && !/^\d+:\d+$/.test(w)) {
        take(1, { type: 'image', name: raw[i] });
        continue;
      }
      if ((CONFIG_KEYS as readonly string[]).includes(raw[i]) && /[A-Z]/.test(raw[i])) {
        take(1, { type: 'key', name: raw[i] as ConfigKey });
        continue;
      }
      const phrase = PHRASES_BY_FIRST_WORD.get(w)?.find(([p]) => p.every((word, k) => lower[i + k] === word));
      if (phrase) {
        tokens.push({ kind: 'word', text: raw.slice(i, i + phrase[0].length).join(' '), concepts: phrase[1] });
        i += phrase[0].length;
        continue;
      }
      // "STAGE=test": a variable and its value.
      const assignment = /^([A-Z][A-Z0-9_]*)=(\S*)$/.exec(raw[i]);
      if (assignment) {
        tokens.push({ kind: 'entity', entity: { type: 'variable', name: assignment[1] }, text: assignment[1] }, { kind: 'entity', entity: { type: 'quoted', text: assignment[2] }, text: assignment[2] });
        i += 1;
        continue;
      }
      // A word no reader of English writes (colour=teal, a/b, x.y, --flag) is a literal, as if quoted.
      if (!FUNCTION_WORDS.has(w) && /[=/:@]|^--?[a-z]|[a-z]\.[a-z]/i.test(raw[i]) && raw[i].length > 1) {
        take(1, { type: 'quoted', text: raw[i] });
        continue;
      }
      tokens.push({ kind: 'word', text: raw[i], concepts: FUNCTION_WORDS.has(w) ? ['FUNCTION'] : [] });
      i += 1;
    }
  }
  return tokens;
}

/** A duration as a reader writes it: "2 s", "500 ms", "5 min", "1.5 s". */
export function showDuration(ms: number): string {
  if (ms % 3_600_000 === 0 && ms >= 3_600_000) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0 && ms >= 60_000) return `${ms / 60_000} min`;
  if (ms >= 1000) return `${Number((ms / 1000).toFixed(3))} s`;
  return `${Math.round(ms)} ms`;
}
