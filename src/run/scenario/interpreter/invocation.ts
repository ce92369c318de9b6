// How `spec-run exec` itself is started, in the words a When or a condition paragraph says
// it with: its command line (`spec-run exec hooks/stop.yaml --project .`), options given to
// it ("is run with `--log x.jsonl`", "(run with `--image-alias a=b`)", "the run uses … and …",
// "under `--log …`"), its configuration file's name and place ("`stop.yaml` contains …",
// "a configuration file `bad.yaml` has …", "every timeout in `d.yaml` …", "the file lives at
// `ci/c.yaml`"), the directory it is started from ("from the project directory"), variables
// the shell it is started from exported ("from a shell that has exported `A=b`"), and the
// project around it ("in a project that has a `sub/` directory but no `nowhere/`").
//
// Each becomes part of how the scenario's run is made: the options are parsed by
// `spec-run exec`'s own argument parser (an option it does not have, or a malformed one,
// leaves the sentence unread), the configuration is written as a file where it is said to
// be, the variables are in the environment host commands inherit. What the sentence says
// besides is left to the When's other rules, or, in a condition paragraph, judged as a
// restatement of its YAML block.
import path from 'node:path';
import { parseExecArgs } from '../../../executor/cli.js';
import { CONFIG_KEYS, RUNNER } from './lexicon.js';
import { invocationLinesRewritten } from './invocation-line.js';
import type { Invocation, SetupPart } from './when.js';

export interface TakenInvocation {
  /** The sentence without what was read of the invocation. */
  rest: string;
  parts: SetupPart[];
  /** Literals the invocation accounts for (the configuration file's name, the options, the variables). */
  accounted: string[];
}

/** One argument of `spec-run exec`: an option with its value, the flag `--log-failures`, or a configuration file. */
const OPTION = String.raw`(?:--(?:log|project|image-alias|config-dir-env)(?:=|\s+)(?!--)[^\s\`,;()]+|--log-failures(?![\w-])|--log(?=\`))`;
/** The file of a `--log` said without one ("runs with `--log`"): any name is the same run, and no document names this one. */
export const UNNAMED_LOG = 'unnamed-log.jsonl';
const CONFIG_FILE = String.raw`[\w.~/-]*[\w-]\.ya?ml`;
const ARG = String.raw`(?:${OPTION}|${CONFIG_FILE})`;

/** Arguments, each in code marks or all in one span, joined by spaces, commas or "and"; "only" or "alone" after them says no other is given. */
// A command line written out whole (`spec-run exec stop.yaml --verbose`) takes any word as an argument: the CLI is what judges it.
const ARGS = String.raw`(?:(?:the\s+)?(?:options?|flags?|switch(?:es)?)\s+)?(?:\`(?:${RUNNER}spec-run(?:\s+exec)?\s+)?${ARG}(?:\s+${ARG})*\`|\`${RUNNER}spec-run(?:\s+exec)?\`|\`${RUNNER}spec-run\s+exec(?:\s+[^\s\`]+)+\`)(?:(?:\s*,\s*|\s+)(?:and\s+)?\`${ARG}(?:\s+${ARG})*\`)*(?:\s+(?:only|alone))?`;
/** Who is started: the executor, the run, the configuration (by name or not). */
const SUBJECT = String.raw`(?:\`?spec-run(?:\s+exec)?\`?|the\s+run|the\s+executor|the\s+runner|it|(?:this|the)\s+(?:configuration|config)(?:\s+file)?|\`${CONFIG_FILE}\`)`;
/**
 * Who starts it: a person or a job, which says nothing of the run but that it was started
 * ("the team runs `npx spec-run exec hook.yaml`", "we run …", "CI invokes …").
 */
const ACTOR = String.raw`(?:(?:the|a|an|our|one)\s+)?(?:team|developer|developers|user|users|engineer|maintainer|contributor|reviewer|author|auditor|agent|CI|CI\s+job|pipeline|operator|on-call(?:\s+engineer)?|system|harness|wrapper|runner|tester)|we|they|someone|somebody|you|I`;
/** The configuration as the object of someone running it: "runs this file with …", "runs the configuration under …", "runs it with …". */
const RUN_OBJECT = String.raw`(?:(?:this|the|that|our|its|my|your)\s+(?:(?:following|same)\s+)?(?:(?:configuration|config|hook|yaml|stop)\s+)?(?:file|configuration|config|hook|one)|this|that|it)`;

/** The verb phrases an invocation is said with, each before its arguments. */
const FRAMES: RegExp[] = [
  // "(run with `--image-alias a=b`)": said of the clause before it.
  new RegExp(String.raw`\s*\(\s*(?:(?:is|was)\s+)?(?:run|started|invoked)\s+(?:with|as|using|under)\s+(${ARGS})\s*\)`, 'gi'),
  // "…, and spec-run exec is run with …", "… is run as `spec-run exec x.yaml`", "spec-run exec is pointed at `m.yaml`", "the run is given `--log …`".
  new RegExp(String.raw`(?:,?\s*(?:and\s+)?${SUBJECT}\s+)?(?:(?:is|gets|get|are|was|were|has\s+been|had\s+been|having\s+been)\s+|'s\s+)?(?:run|started|invoked|launched|called|executed|given|pointed\s+at|run\s+on)\s+(?:(?:as|with|using|under|via|on|at)\s+)?(${ARGS})(\s*,?\s*(?:which|that)\s+does\s+not\s+exist)?`, 'gi'),
  // "the run is `spec-run exec x.yaml --image-alias a=b`", "the command line is …": the invocation, written out.
  new RegExp(String.raw`(?:,?\s*(?:and\s+)?the\s+(?:run|invocation|command\s+line)\s+)(?:is|was)\s+(${ARGS})`, 'gi'),
  // "run is `npx spec-run exec x.yaml`" (a note's clipped "the run is"), "`npx spec-run exec x.yaml` runs and …": the command line, nothing else said of it.
  new RegExp(String.raw`^(?:when\s+)?run\s+is\s+(${ARGS})`, 'gi'),
  new RegExp(String.raw`(?:,?\s*(?:and\s+)?)(${ARGS})\s+(?:runs|is\s+running)(?=\s*(?:,|;|$|\band\b))`, 'gi'),
  // "(the configuration is executed) by the invocation `spec-run exec x.yaml`", "through the command line `…`": the invocation named as the means.
  new RegExp(String.raw`(?:,?\s*(?:and\s+)?(?:by|through|via|with)\s+the\s+(?:invocation|command\s+line)\s+)(${ARGS})`, 'gi'),
  // "spec-run exec runs with `--log …`", "the run uses `--image-alias …` and `--log …`", "… under `--log x`".
  new RegExp(String.raw`(?:,?\s*(?:and\s+)?${SUBJECT}\s+)?(?:runs\s+(?:with|under|using)|uses|under|using)\s+(${ARGS})`, 'gi'),
  // "the team runs `npx spec-run exec hook.yaml`", "we invoke `spec-run exec c.yaml`": someone starting it, with its command line as the object.
  new RegExp(String.raw`(?:,?\s*(?:and\s+)?(?:then\s+)?\b(?:${ACTOR})\s+)(?:runs?|starts?|invokes?|calls?|executes?|launches|launch|types?|enters?)\s+(${ARGS})`, 'gi'),
  // "we run this file with `--log x.jsonl`", "the on-call runs the configuration under `--log …`": someone running the configuration, with options.
  new RegExp(String.raw`(?:,?\s*(?:and\s+)?(?:then\s+)?\b(?:${ACTOR})\s+)(?:runs?|starts?|invokes?|executes?|launch(?:es)?)\s+${RUN_OBJECT}\s+(?:with|using|under|via|and\s+(?:pass(?:es)?|gives?|adds?))\s+(${ARGS})`, 'gi'),
  // "the operator executes with `--log x.jsonl` the configuration (as below)": the options said before the configuration they run.
  new RegExp(String.raw`(?:,?\s*(?:and\s+)?(?:then\s+)?\b(?:${ACTOR})\s+)(?:runs?|starts?|invokes?|executes?|launch(?:es)?)\s+(?:with|using|under|via)\s+(${ARGS})\s+${RUN_OBJECT}`, 'gi'),
  // "(you run a file …) and pass `--log x.jsonl`", "we add `--log-failures`", "you pass `--log a.jsonl` to it": someone giving the options, the verb before them.
  new RegExp(String.raw`(?:,?\s*(?:and\s+)?(?:then\s+)?(?:\b(?:${ACTOR})\s+)?)\b(?:pass(?:es)?|add(?:s)?|supply|supplies|give(?:s)?)\s+(${ARGS})(?:\s+to\s+(?:it|${SUBJECT}))?`, 'gi'),
  // "`--log` is given", "and `--log x.jsonl` is passed": the option as the subject of its giving.
  new RegExp(String.raw`(?:,?\s*(?:and\s+)?)(${ARGS})\s+(?:is|are|was|were|gets|get)\s+(?:given|passed|set|used|added|on)(?!\s+(?:as|to|with|from|in)\b)`, 'gi'),
  // "`npx spec-run exec c.yaml` is run": the command line first, then the verb that says it was started (nothing after it: "is run as `…`" is the frames' above).
  new RegExp(String.raw`(?:,?\s*(?:and\s+)?)(${ARGS})\s+(?:is|was|gets|get)\s+(?:run|started|invoked|executed|launched|called)(?!\s+(?:as|with|using|under|via|on|at|from|in)\b)`, 'gi'),
];

const FROM_PROJECT = /,?\s*(?:and\s+)?(?:is\s+(?:run|started)\s+)?from\s+the\s+project(?:'s)?\s+(?:directory|root|folder)\b/gi;
/** "from a shell that has exported `A=b`", "the shell has exported `A=b`", "with `A=b` exported", "(spec-run exec is started) with `A=b` in its environment". */
const EXPORTED = /,?\s*(?:and\s+)?(?:from\s+a\s+shell\s+(?:that|which)\s+(?:has\s+)?(?:exported|exports)|(?:the|its)\s+shell\s+(?:has\s+)?(?:exported|exports)|with)\s+(`[A-Za-z_]\w*=[^`\s]*`(?:(?:\s*,\s*|\s+and\s+)`[A-Za-z_]\w*=[^`\s]*`)*)(?:\s+exported|\s+in\s+its\s+(?:environment|env))?/gi;
/** ", a path relative to the directory `spec-run exec` is started in": said of `--log`'s path, which is resolved there. */
const LOG_RELATIVE = /,?\s*a\s+path\s+relative\s+to\s+the\s+(?:directory|working\s+directory|current\s+directory)\s+(?:`?spec-run(?:\s+exec)?`?|the\s+executor|it)\s+is\s+(?:started|run)\s+(?:in|from)\b/gi;
/** "in a project that (also) has a `sub/` directory (but no `nowhere/`)": the project's files. */
const IN_PROJECT = /,?\s*(?:in|inside)\s+a\s+project\s+(?:directory\s+)?(?:that|which)\s+(?:also\s+)?(?:has|holds|contains)\s+an?\s+`([\w.-]+)\/?`\s+(directory|file|folder|subdirectory)(?:\s*,?\s*but\s+no\s+`([\w.-]+)\/?`)?\s*,?/gi;
/** A path the sentence says is not there before the run, in code marks: "logs", "logs/", "logs/hooks". */
const ABSENT_NAME = String.raw`\`([\w.-]+(?:\/[\w.-]+)*)\/?\``;
const YET = String.raw`(?:\s+(?:yet|so\s+far|beforehand|before\s+the\s+run))?`;
const CLAUSE_END = String.raw`(?=\s*(?:,|$|\band\b))`;
const DOES_NOT_EXIST = String.raw`(?:(?:does\s+not|doesn't|did\s+not|didn't)\s+(?:yet\s+)?exist|(?:is|being)\s+(?:absent|missing)|not\s+(?:yet\s+)?existing|not\s+(?:yet\s+)?there)`;
/**
 * Where spec-run exec starts, said by a path that is not there yet: the run's directory is a fresh one, so
 * it holds none. "in a directory that has no `out` (subdirectory) yet", "in a directory without `logs`",
 * "in a folder where `logs` doesn't exist yet", "`logs/` not existing yet", "`logs/hooks` does not exist
 * yet", "no `logs/` directory exists yet", "no file `q.jsonl` exists". Each takes its path as group 1.
 */
const ABSENT_PATHS: RegExp[] = [
  new RegExp(String.raw`,?\s*(?:in|from)\s+a\s+(?:fresh\s+|new\s+|working\s+|clean\s+)?(?:directory|folder)\s+(?:(?:that|which)\s+(?:has|holds|contains)\s+no|without(?:\s+an?)?)\s+${ABSENT_NAME}(?:\s+(?:sub-?directory|directory|folder|file))?${YET}${CLAUSE_END}`, 'gi'),
  new RegExp(String.raw`,?\s*(?:in|from)\s+a\s+(?:fresh\s+|new\s+|working\s+|clean\s+)?(?:directory|folder)\s+(?:where|in\s+which)\s+${ABSENT_NAME}\s+${DOES_NOT_EXIST}${YET}${CLAUSE_END}`, 'gi'),
  new RegExp(String.raw`,?\s*(?:(?:and|with|while)\s+)?${ABSENT_NAME}(?:\s+(?:sub-?directory|directory|folder))?\s+${DOES_NOT_EXIST}${YET}${CLAUSE_END}`, 'gi'),
  new RegExp(String.raw`,?\s*(?:(?:and|with|while)\s+)?no\s+(?:(?:file|directory|folder)\s+)?${ABSENT_NAME}(?:\s+(?:sub-?directory|directory|folder|file))?\s+(?:exists|existing|is\s+there|being\s+there)${YET}${CLAUSE_END}`, 'gi'),
];
/** The configuration file said where it lives: "the file lives at `ci/c.yaml`". */
const LIVES_AT = new RegExp(String.raw`(?:the\s+)?(?:configuration\s+)?file\s+(?:lives|is|sits|lies)\s+(?:at|in)\s+\`(${CONFIG_FILE})\``, 'gi');
/** A directory in code marks, relative and below where spec-run exec starts ("`proj`", "`proj/cfg/`"): never `..`, `.` or a file of YAML. */
const DIRECTORY_NAME = String.raw`\`((?!\.{1,2}(?:\/|\`))[\w-][\w.-]*(?:\/(?!\.{1,2}(?:\/|\`))[\w-][\w.-]*)*)\/?\``;
const CONFIGURATION_NOUN = String.raw`(?:configuration|config|hook|stop\s+hook|yaml)(?:\s+file)?`;
const DIRECTORY_NOUN = String.raw`(?:sub-?)?(?:directory|folder|dir)`;
const DIRECTORY_SAID = String.raw`(?:(?:the|a)\s+(?:${DIRECTORY_NOUN}\s+)?)?${DIRECTORY_NAME}(?:\s+${DIRECTORY_NOUN})?`;
/**
 * The configuration file's directory, said without the file's name, by a path from where spec-run exec starts: as what
 * the configuration does ("my configuration lives in `proj/cfg`", "the config file sits inside the folder `probe`", "the
 * hook is located in `c/`"), or as where a configuration named is ("a configuration file in a folder `proj` has …").
 * The first is taken out; the second leaves the configuration as the subject it is.
 */
const LIVES_IN = new RegExp(String.raw`,?\s*(?:and\s+)?(?:(?:the|my|our|your|its|this)\s+)?${CONFIGURATION_NOUN}(?:'s|\s+(?:lives|sits|lies|resides|is(?:\s+(?:located|kept|stored|placed|saved|put))?))\s+(?:in|inside|within|under)\s+${DIRECTORY_SAID}(?=\s*(?:,|;|$|\band\b|\bwith\b))`, 'gi');
const IN_DIRECTORY = new RegExp(String.raw`\b(a|the)\s+(${CONFIGURATION_NOUN})\s+(?:in|inside|within)\s+${DIRECTORY_SAID}(?=\s)`, 'gi');
/** The configuration given a name: "(invoked on) the following configuration, named `d1.yaml`", "a config file called `c.yml`". */
const NAMED = new RegExp(String.raw`(?<=\b(?:configuration|config)(?:\s+file)?),?\s+(?:named|called)\s+\`(${CONFIG_FILE})\``, 'gi');
/** The configuration said saved under a name: "(the configuration is) saved as `ci/c.yaml`", "written to `c.yaml`". */
// "… saved as `hook.yaml` in the project": the project is the configuration's directory where no `--project` says otherwise (checked below).
const SAVED_AS = new RegExp(String.raw`,?\s*(?:(?:and\s+)?(?:is|was|are|gets)\s+)?(?:saved|written|stored)\s+(?:as|to|in|into|under)\s+\`(${CONFIG_FILE})\`(\s+(?:in|at)\s+the\s+project(?:'s)?(?:\s+(?:directory|root|folder))?)?`, 'gi');

/** Options written bare in prose ("with --log events.jsonl", "is given --log only"), each with the value it takes where one that fits follows, in code marks as a code span would give them. */
export function withOptionsMarked(sentence: string): string {
  const value: Record<string, RegExp> = {
    log: /^[\w.~/-]*[./][\w.~/-]*[\w/]$|^[\w-]+\.\w+$/,
    project: /^(?:\.{1,2}|[\w.~-]*\/[\w.~/-]*)$/,
    'image-alias': /^[\w.:/-]+=[\w.:/-]+$/,
    'config-dir-env': /^[A-Za-z_]\w*$/,
  };
  // Outside code spans only: split on them and mark the prose between.
  return sentence.split(/(`[^`]*`)/).map((piece, i) => (i % 2 === 1 ? piece : piece.replace(/(^|[\s(])(--(log-failures|log|project|image-alias|config-dir-env))(?![\w-])(?:(=|\s+)([^\s,;()]+?))?(?=[.,;:)]?(?:\s|$))/g, (_whole: string, lead: string, option: string, name: string, gap: string | undefined, arg: string | undefined) => {
    const takes = value[name];
    if (arg !== undefined && takes !== undefined && takes.test(arg) && !/^(?:only|alone|and|or|the|a|an|is|are|given|set|on|off)$/i.test(arg)) return `${lead}\`${option}${gap === '=' ? '=' : ' '}${arg}\``;
    return `${lead}\`${option}\`${arg === undefined ? '' : `${gap}${arg}`}`;
  }))).join('');
}

/** The arguments of an invocation phrase, as argv: code marks and joining words dropped, "spec-run exec" left out. */
function argvOf(args: string): string[] {
  const argv = args
    .replace(/`/g, ' ')
    .replace(/(?:^|\s),?\s*and\s+/g, ' ')
    .replace(/,/g, ' ')
    .replace(/(?:^|\s)(?:(?:npx|pnpx|bunx|pnpm\s+exec|yarn)\s+)?spec-run(?:\s+exec)?(?=\s|$)/, ' ')
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '' && !/^(?:the|options?|flags?|switch(?:es)?|only|alone)$/i.test(w));
  // `--log` with no file after it: a file of a name no document gives.
  return argv.flatMap((w, i) => (w === '--log' && (argv[i + 1] === undefined || argv[i + 1].startsWith('--')) ? [w, UNNAMED_LOG] : [w]));
}

/**
 * Reads what SENTENCE says of how `spec-run exec` is started; null where it says nothing of
 * it, or says it in a way the executor would not take (an option it does not know, two
 * configuration files).
 */
export function takeInvocation(written: string): TakenInvocation | null {
  const rewritten = invocationLinesRewritten(written);
  if (rewritten === false) return null;
  const sentence = rewritten ?? written;
  let rest = sentence;
  const argv: string[] = [];
  const accounted: string[] = [];
  const said: string[] = [];
  let found = false;
  let missing = false;
  const absent: string[] = [];
  const subjects: string[] = [];
  let frames = 0;
  let only = false;
  let wholeLine = false;
  for (const frame of FRAMES) {
    rest = rest.replace(frame, (whole: string, args: string, doesNotExist: unknown) => {
      found = true;
      frames++;
      if (/\s(?:only|alone)$/i.test(args)) only = true;
      // "the command `x` runs with `--log …`": the options are the run's, and the command still runs.
      const commandRuns = /^\s*runs\s+(?:with|under|using)\s/i.test(whole) && /\bcommands?\s+(?:`[^`]*`\s*)?$/i.test(rest.slice(0, rest.indexOf(whole)));
      argv.push(...argvOf(args));
      if (/spec-run\s+exec\b/.test(args)) wholeLine = true;
      // The configuration named as the subject ("`x.yaml` is run as …") is the one on the command line.
      for (const m of whole.slice(0, whole.indexOf(args)).matchAll(/`([^`]+\.ya?ml)`/g)) subjects.push(m[1]);
      if (typeof doesNotExist === 'string' && doesNotExist !== '') missing = true;
      return commandRuns ? ' runs ' : ' ';
    });
  }
  const invocation: Invocation = {};
  const exported: Record<string, string> = {};
  let conflicting = false;
  let fromProject = false;
  // The file said where it is saved or lives, and named on the command line too, is one file.
  let inProject = false;
  rest = rest.replace(SAVED_AS, (_w, file: string, project: string | undefined) => {
    found = true;
    if (!argv.includes(file)) argv.push(file);
    if (project) inProject = true;
    return ' ';
  });
  rest = rest.replace(NAMED, (_w, file: string) => {
    found = true;
    if (!argv.includes(file)) argv.push(file);
    return ' ';
  });
  rest = rest.replace(LIVES_AT, (_w, file: string) => {
    found = true;
    if (!argv.includes(file)) argv.push(file);
    return ' ';
  });
  const directories: string[] = [];
  rest = rest.replace(LIVES_IN, (_w, name: string) => {
    found = true;
    directories.push(name);
    return ' ';
  });
  rest = rest.replace(IN_DIRECTORY, (_w, article: string, noun: string, name: string) => {
    found = true;
    directories.push(name);
    return `${article} ${noun}`;
  });
  rest = rest.replace(EXPORTED, (_w, spans: string) => {
    found = true;
    for (const m of spans.matchAll(/`([A-Za-z_]\w*)=([^`\s]*)`/g)) {
      // One variable exported with two values: which the run has is not said.
      if (exported[m[1]] !== undefined && exported[m[1]] !== m[2]) conflicting = true;
      exported[m[1]] = m[2];
      accounted.push(`${m[1]}=${m[2]}`);
    }
    return ' ';
  });
  rest = rest.replace(FROM_PROJECT, () => {
    fromProject = true;
    return ' ';
  });
  const files: { name: string; directory: boolean }[] = [];
  rest = rest.replace(IN_PROJECT, (_w, name: string, noun: string, missing: string | undefined) => {
    files.push({ name, directory: !/^file$/i.test(noun) });
    if (missing) absent.push(missing);
    accounted.push(name, `${name}/`, ...(missing ? [missing, `${missing}/`] : []));
    return ' ';
  });
  for (const pattern of ABSENT_PATHS) {
    rest = rest.replace(pattern, (whole: string, name: string) => {
      // A configuration key said absent ("`timeout` does not exist") is the block's to say, not a path.
      if ((CONFIG_KEYS as readonly string[]).includes(name)) return whole;
      found = true;
      absent.push(name);
      accounted.push(name, `${name}/`);
      return ' ';
    });
  }
  // The configuration file named where only the configuration stands: the sentence's subject ("`stop.yaml` contains …"), after
  // "configuration (file)" ("a configuration file `bad.yaml` has …"), or what the sentence's words are in ("every timeout in `d.yaml`").
  const alone = [...new Set([...rest.matchAll(new RegExp('`(' + CONFIG_FILE + ')`', 'g'))].map((m) => m[1]))];
  if (!found && alone.length === 1) {
    const file = alone[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const position = new RegExp('^`' + file + '`\\s|\\b(?:configuration|config)(?:\\s+file)?\\s+`' + file + '`|\\b(?:in|of)\\s+`' + file + '`');
    const elsewhere = new RegExp('\\bfiles?\\s+`' + file + '`');
    if (position.test(rest) && !(elsewhere.test(rest) && !/\b(?:configuration|config)\s+file\s+`/.test(rest))) {
      found = true;
      argv.push(alone[0]);
    }
  }
  if (!found || conflicting) return null;
  // The configuration file named elsewhere in the sentence (its subject, "in `d.yaml`", "a configuration file `b.yaml`") is the one started.
  const named = [...new Set([...rest.matchAll(new RegExp(String.raw`\`(${CONFIG_FILE})\``, 'g'))].map((m) => m[1]))];
  let parsed: ReturnType<typeof parseExecArgs>;
  const first = argv.some((a) => /\.ya?ml$/.test(a) && !a.startsWith('-')) || named.length !== 1 ? argv : [...argv, named[0]];
  // spec-run exec's own parser refuses the arguments: the run is the CLI's refusal, observed through it (command-line-refused.ts),
  // where the command line said is whole: its configuration named in it, or written out as `spec-run exec …`.
  const refusedAs = (): ReturnType<typeof parseExecArgs> | null => {
    const yamls = first.filter((a, i) => /\.ya?ml$/.test(a) && !a.startsWith('-') && !/^--(?:log|project|image-alias|config-dir-env)$/.test(first[i - 1] ?? ''));
    if (yamls.length === 0 && !wholeLine) return null;
    // Two configuration files named (one saved as, another run): two names of one file, not an argument too many.
    if (yamls.length > 1) return null;
    if (first.includes(UNNAMED_LOG)) return null;
    // A shell's operators (`> report.txt`, `2>&1`, `| tee`, `&`): the line is a shell's, whose redirections and pipes are no
    // arguments of spec-run exec; run as its argv, they would be refused for what the shell does (launch-said.ts reads such lines).
    if (first.some((a) => /^(?:\d?>>?|<|\||\|\||&&?|;)|^\d?>&\d$/.test(a))) return null;
    invocation.refused = [...first];
    accounted.push(...first, first.join(' '));
    said.push(`the command line ${first.join(' ')} (which spec-run exec's parser refuses: run as the CLI, its status and streams observed)`);
    return { config: yamls.length === 1 ? yamls[0] : '__scenario__.yaml' };
  };
  try {
    parsed = parseExecArgs(first);
  } catch {
    // Four arguments where the command line wants one configuration: what spec-run exec would refuse is not read.
    if (!argv.some((a) => /\.ya?ml$/.test(a) && !a.startsWith('-')) && named.length === 0) {
      try {
        parsed = parseExecArgs([...argv, '__scenario__.yaml']);
      } catch {
        const refused = refusedAs();
        if (refused === null) return null;
        parsed = refused;
      }
    } else {
      const refused = refusedAs();
      if (refused === null) return null;
      parsed = refused;
    }
  }
  // "given `--log` only": no other option given in another phrase.
  if (only && frames > 1) return null;
  if (parsed.config !== '__scenario__.yaml') {
    if ([...named, ...subjects].some((n) => n !== parsed.config)) return null;
    invocation.config = parsed.config;
    if (missing) invocation.configMissing = true;
    accounted.push(parsed.config);
    said.push(`configuration file ${parsed.config}${missing ? ' (which does not exist)' : ''}`);
  }
  // The configuration's directory said besides its path: the one the path has, and one only.
  const configDir = [...new Set(directories)];
  if (configDir.length > 1 || (configDir.length === 1 && invocation.config !== undefined && path.posix.dirname(path.posix.normalize(invocation.config)) !== configDir[0])) return null;
  if (configDir.length === 1 && invocation.config === undefined) {
    invocation.configDir = configDir[0];
    accounted.push(configDir[0], `${configDir[0]}/`);
    said.push(`the configuration file in ${configDir[0]}/ (from the directory it starts in)`);
  }
  if (parsed.log !== undefined) {
    invocation.log = parsed.log;
    accounted.push(parsed.log, `--log ${parsed.log}`, ...(parsed.log === UNNAMED_LOG ? ['--log'] : []));
    said.push(parsed.log === UNNAMED_LOG ? `--log ${UNNAMED_LOG} (no file named: any)` : `--log ${parsed.log}`);
  }
  if (parsed.logFailures) {
    invocation.logFailures = true;
    accounted.push('--log-failures');
    said.push('--log-failures');
  }
  if (parsed.projectRoot !== undefined) {
    invocation.project = parsed.projectRoot;
    accounted.push(`--project ${parsed.projectRoot}`);
    said.push(`--project ${parsed.projectRoot}`);
  }
  const aliases = parsed.imageAliases ?? {};
  if (Object.keys(aliases).length > 0) {
    invocation.imageAliases = aliases;
    for (const [name, image] of Object.entries(aliases)) accounted.push(`--image-alias ${name}=${image}`);
    said.push(...Object.entries(aliases).map(([name, image]) => `--image-alias ${name}=${image}`));
  }
  if (parsed.configDirEnv !== undefined) {
    invocation.configDirEnv = parsed.configDirEnv;
    accounted.push(`--config-dir-env ${parsed.configDirEnv}`);
    said.push(`--config-dir-env ${parsed.configDirEnv}`);
  }
  if (Object.keys(exported).length > 0) {
    invocation.exported = exported;
    said.push(`started from a shell that exported ${Object.entries(exported).map(([k, v]) => `${k}=${v}`).join(', ')}`);
  }
  if (fromProject) {
    // Started from the project directory: true where the project is the directory it is started in.
    const project = invocation.project ?? (invocation.config?.includes('/') || invocation.configDir !== undefined ? undefined : '.');
    if (project === undefined || !/^\.\/?$/.test(project)) return null;
    // "the project root" said of a project the sentence does not describe (a document's project, set up elsewhere): its files are not known.
    if (files.length === 0) return null;
    said.push('started from the project directory');
  }
  if ((missing || subjects.length > 0) && invocation.config === undefined) return null;
  // Saved "in the project": true where the project is the configuration's own directory (no `--project`, no directory in its path).
  if (inProject && (invocation.project !== undefined || invocation.config?.includes('/') || invocation.configDir !== undefined)) return null;
  if (absent.some((name) => files.some((f) => f.name === name) || name === invocation.config)) return null;
  if (files.length > 0) said.push(`the project holds ${files.map((f) => `${f.directory ? 'a directory ' : ''}${f.name}`).join(', ')}`);
  if (absent.length > 0) said.push(`${absent.join(', ')} does not exist before the run (it runs in a fresh directory)`);
  // What names the configuration file in the rest is the configuration.
  if (invocation.config !== undefined) {
    const file = invocation.config.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    rest = rest
      .replace(new RegExp(String.raw`\b(?:an?|the)\s+(?:configuration|config)(?:\s+file)?\s+\`${file}\``, 'g'), 'the configuration')
      .replace(new RegExp(String.raw`\`${file}\``, 'g'), 'the configuration');
  }
  // A gloss on --log's path: it is resolved against the directory spec-run exec starts in, which the run's directory is.
  rest = rest.replace(LOG_RELATIVE, () => {
    if (invocation.log === undefined || invocation.log.startsWith('/')) return ' \u0000';
    said.push(`${invocation.log} is relative to the directory spec-run exec starts in`);
    return ' ';
  });
  if (rest.includes('\u0000')) return null;
  // With --project given, the configuration's directory is not the project: files said to be there are not the project's.
  if (invocation.project !== undefined && /\b(?:configuration|config)(?:\s+file)?'s\s+(?:own\s+)?directory\b/i.test(rest)) return null;
  rest = tidy(rest);
  const text = `spec-run exec ${said.join(', ') || 'on the configuration'}`;
  const part: SetupPart = {
    text,
    apply: (s) => {
      const before = s.invocation ?? {};
      s.invocation = { ...before, ...invocation, imageAliases: { ...before.imageAliases, ...invocation.imageAliases }, exported: { ...before.exported, ...invocation.exported } };
      if (files.length > 0) s.files = [...(s.files ?? []), ...files.map((f) => ({ dir: 'project', name: f.name, directory: f.directory }))];
    },
  };
  return { rest, parts: [part], accounted };
}

/** What is left of a sentence once phrases were taken out: no dangling commas, conjunctions or bare subjects. */
function tidy(text: string): string {
  let out = text.replace(/\(\s*\)/g, ' ').replace(/\s+/g, ' ').trim();
  for (let i = 0; i < 4; i++) {
    out = out
      .replace(/\s+,/g, ',')
      .replace(/,\s*(?:,\s*)+/g, ', ')
      .replace(/^(?:,|and\b|then\b)\s*/i, '')
      .replace(/\s*(?:,|\band|\bthen)\s*$/i, '')
      .replace(/,\s*and\s*$/i, '')
      .replace(/\s+/g, ' ')
      .trim();
  }
  // A subject left with nothing said of it: "the configuration", "spec-run exec".
  if (/^(?:when\s+)?(?:the\s+configuration|this\s+configuration|the\s+run|spec-run(?:\s+exec)?|the\s+executor|it)$/i.test(out)) return '';
  // Who starts it, with nothing left said of them ("we" of "we run `spec-run exec c.yaml`"): the frames took what they did.
  if (new RegExp(String.raw`^(?:when\s+)?(?:${ACTOR})$`, 'i').test(out)) return '';
  // The subject with only the verb of its starting left ("spec-run exec is started", "the configuration below is executed", "called"): the frames took how.
  if (/^(?:when\s+)?(?:(?:(?:the|this)\s+(?:configuration|config|run|executor|runner)(?:\s+(?:below|above|file))?|spec-run(?:\s+exec)?|it)\s+(?:is|was|gets)\s+)?(?:started|run|invoked|called|executed|launched)$/i.test(out)) return '';
  return out;
}

/** "the project holds …" beside a `--project` that names another directory (SENTENCE): which project REST means is not said. */
export function projectLeftOpen(sentence: string, rest: string): boolean {
  return /--project\b/.test(sentence) && /\bproject\b/i.test(rest.replace(/`[^`]*`/g, ''));
}
