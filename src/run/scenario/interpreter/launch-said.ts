// The launch of `spec-run exec`, said in a scenario's setup in anyone's words: the command line a shell would run (in
// code marks: `npx spec-run exec stop.yaml --log l.jsonl`, through the package's bin, `<repo>/node_modules/.bin/spec-run
// exec …`, with variables assigned before it, its stdout or stderr sent to a file), who starts it and how ("you run",
// "the tool is started with", "when called as", "stand in `lab/` and run"), where ("in a fresh `lab/typos/`", "from the
// start directory"), the configuration file as the scenario's YAML block under a name ("with this yaml", "`hooks.yaml`
// has this content", "`cfg/hooks.yaml` (content below)", "put this yaml at `lab/hooks/stop.yaml`"), and the files and
// directories the start directory holds beside it ("a plain file `notes.txt`, but no `results/`", "the empty directory
// `proj/build/`").
//
// Each is one fact of the run as the domain has it: the arguments are spec-run exec's own parser's (parseExecArgs), the
// block is the file the command line names (a block said under another name than the one run is not read), the
// directory it starts in is the run's fresh directory (a name the scenario gives it is that directory's name: its paths
// are read under it too), the variables are its environment, a stream sent to a file is that file after the run. Who
// starts it and the verbs of starting say nothing else, and are taken with it. What the sentence says besides is left
// to the condition's other readers, which read it or judge it a restatement of the block (condition.ts's `beyond`).
// A shell line that does something the run cannot be made to do as a shell would (a pipe, `2>&1`, a program before
// spec-run, a background run with no signal said after it, a stream sent to a file while a signal stops the run, since
// what spec-run's own handler prints on stderr is not recorded) leaves the sentence to the readers before this one.
import path from 'node:path';
import { parseExecArgs } from '../../../executor/cli.js';
import { INTERRUPT_SIGNALS, type InterruptSignal } from '../../../executor/interrupts.js';
import type { Invocation, SetupPart } from './when.js';

/** `spec-run exec` as one shell line starts it. */
export interface LaunchLine {
  /** The arguments after `exec`, as spec-run exec's parser took them. */
  argv: string[];
  /** Variables assigned before the command: its environment. */
  env: Record<string, string>;
  /** Files its streams are sent to, relative to where it starts. */
  streams: { stdout?: string; stderr?: string };
  /** Started in the background (`… &`): only with a signal said after it. */
  background: boolean;
  /** Made a session leader (`setsid …`): only with a signal said after it. */
  setsid: boolean;
}

export interface LaunchSaid {
  /** The sentence without what the launch accounts for. */
  rest: string;
  parts: SetupPart[];
  /** Literals the launch accounts for: the command line, the file names, the directories. */
  accounted: string[];
}

const ASSIGNMENT = /^([A-Za-z_]\w*)=([^\s'"`$]*)$/;
/** A relative path below where the shell stands: no `..`, no `.`, no absolute path. */
const RELATIVE = /^(?!\.{1,2}(?:\/|$))[\w-][\w.-]*(?:\/(?!\.{1,2}(?:\/|$))[\w-][\w.-]*)*\/?$/;

/**
 * The shell line LINE as a launch of `spec-run exec`, or null where it is not one a run can be made as: see the head of
 * this file. An argument spec-run exec's parser refuses is null too (command-line-refused.ts reads those lines).
 */
export function launchLine(line: string): LaunchLine | null {
  if (/['"$;|\\]|&&/.test(line.replace(/\$!/g, ''))) return null;
  const words = line.trim().split(/\s+/);
  let i = 0;
  const env: Record<string, string> = {};
  for (let m = ASSIGNMENT.exec(words[i] ?? ''); m; m = ASSIGNMENT.exec(words[++i] ?? '')) {
    if (env[m[1]] !== undefined && env[m[1]] !== m[2]) return null;
    env[m[1]] = m[2];
  }
  let setsid = false;
  if (words[i] === 'setsid') [setsid, i] = [true, i + 1];
  if (/^(?:npx|pnpx|bunx)$/.test(words[i] ?? '')) i++;
  else if (words[i] === 'pnpm' && words[i + 1] === 'exec') i += 2;
  // The package's bin by its path (`node_modules/.bin/spec-run`, `<repo>/node_modules/.bin/spec-run`): the same program.
  if (!/^(?:(?:[\w.<>~/-]*\/)?node_modules\/\.bin\/)?spec-run$/.test(words[i] ?? '') || words[i + 1] !== 'exec') return null;
  i += 2;
  const argv: string[] = [];
  const streams: LaunchLine['streams'] = {};
  let background = false;
  for (; i < words.length; i++) {
    const word = words[i];
    const redirect = /^(1|2)?>(>)?(.*)$/.exec(word);
    if (redirect) {
      const file = redirect[3] !== '' ? redirect[3] : words[++i];
      // `2>&1`, `&>`: one stream into the other, which the record keeps apart.
      // A file in the directory it starts in: a shell sends nothing into a directory that is not there.
      if (file === undefined || file.startsWith('&') || !RELATIVE.test(file) || file.includes('/')) return null;
      const stream = redirect[1] === '2' ? 'stderr' : 'stdout';
      if (streams[stream] !== undefined) return null;
      streams[stream] = file;
      continue;
    }
    if (word === '&' && i === words.length - 1) {
      background = true;
      continue;
    }
    if (word.startsWith('&') || word.startsWith('<')) return null;
    if (Object.keys(streams).length > 0) return null;
    argv.push(word);
  }
  if (streams.stdout !== undefined && streams.stdout === streams.stderr) return null;
  try {
    parseExecArgs([...argv]);
  } catch {
    return null;
  }
  return { argv, env, streams, background, setsid };
}

/** Who starts it: a person, the writer's name for the program, or nobody said ("when called as …"). */
const WHO = String.raw`(?:(?:you|we|I|someone|the\s+(?:user|developer|tester|operator|engineer|harness|wrapper|tool|SUT|bin|executor|runner)|spec-run(?:\s+exec)?|it|(?:the|this)\s+(?:configuration|config|yaml|hook(?:\s+file)?)(?:\s+(?:below|above))?)\s+)?`;
/** The verbs of starting, active or passive. */
const VERB = String.raw`(?:(?:is|are|gets|get|was)\s+)?(?:run|runs|ran|start|starts|started|launch|launches|launched|invoke|invokes|invoked|call|calls|called|execute|executes|executed)(?:\s+directly)?`;
/** A directory named in code marks, relative. */
const NAMED_DIR = String.raw`\`((?!\.{1,2}(?:\/|\`))[\w-][\w.-]*(?:\/[\w-][\w.-]*)*)\/?\``;
/** Where it starts: a directory named (fresh or not), the start (or project) directory the document makes its own. */
const PLACE = String.raw`(?:(?:in|from|inside)\s+(?:(?:a|an)\s+(?:(?:fresh|new|clean|empty)\s+)+(?:(?:directory|folder|dir)\s+)?)?${NAMED_DIR}|(?:in|from|inside)\s+the\s+(start|starting|project)\s+(?:directory|folder|dir))`;
/** The scenario's YAML block said as the configuration the line runs. */
const THIS_BLOCK = String.raw`(?:this|the\s+following|the)\s+(?:yaml|yml|configuration|config|hook\s+file)(?:\s+(?:below|file))?`;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Held {
  /** Relative to where spec-run exec starts. */
  name: string;
  directory: boolean;
  content?: string;
}

/**
 * What SENTENCE (its code spans in marks, a condition over a YAML block) says of spec-run exec's launch, read whole as the
 * domain has it, or null where it says none, says it in a way the run cannot be made as, or says a block under a name the
 * line does not run. Only one command line of spec-run exec: two are two runs.
 */
export function takeLaunch(sentence: string, yaml: string | null): LaunchSaid | null {
  if (yaml === null) return null;
  // The code spans, each between a pair of marks (a regular expression over the sentence would take the prose between two spans for one).
  const spans = sentence.split('`').flatMap((piece, i) => (i % 2 === 1 && /\bspec-run\s+exec\b/.test(piece) ? [[`\`${piece}\``, piece]] : []));
  if (spans.length !== 1) return null;
  const launch = launchLine(spans[0][1]);
  if (launch === null) return null;
  const options = parseExecArgs([...launch.argv]);
  const config = path.posix.normalize(options.config);
  if (!RELATIVE.test(config)) return null;
  let rest = sentence.replace(spans[0][0], '\u0001');
  let startNamed: string | undefined;
  let startWords: string | undefined;
  const said: string[] = [];
  const held: Held[] = [];
  const absent: string[] = [];
  const exported: Record<string, string> = { ...launch.env };
  let blockAt: string | undefined;
  let blockSaid = false;
  const fail = () => ((rest = '\u0000'), ' ');

  const placeSaid = (named: string | undefined, words: string | undefined) => {
    if (named !== undefined) {
      if (startNamed !== undefined && startNamed !== named) return fail();
      startNamed = named;
    } else startWords = words;
    return ' ';
  };
  // "stand in `lab/` and run …", "cd into `lab/` and run …": where it starts, said as where the writer stands.
  rest = rest.replace(new RegExp(String.raw`,?\s*(?:and\s+)?(?:stand|standing|cd)\s+(?:in|into)\s+${NAMED_DIR}(?:\s*\([^)]*\))?\s+and\s+`, 'gi'), (_w, named: string) => (placeSaid(named, undefined), ' and '));
  // The place said next to the line, before or after it.
  rest = rest.replace(new RegExp(String.raw`\s*${PLACE}(?=\s|,|$|\u0001)`, 'gi'), (_w, named: string | undefined, words: string | undefined) => placeSaid(named, words));
  // "with the variable `X=y` exported", "with `X=y` in its environment".
  rest = rest.replace(/,?\s*with\s+(?:the\s+variables?\s+)?((?:`[A-Za-z_]\w*=[^`\s]*`(?:\s*,\s*|\s+and\s+)?)+)\s*(?:exported|in\s+its\s+environment|set)\b/gi, (_w, list: string) => {
    for (const m of list.matchAll(/`([A-Za-z_]\w*)=([^`\s]*)`/g)) {
      if (exported[m[1]] !== undefined && exported[m[1]] !== m[2]) return fail();
      exported[m[1]] = m[2];
    }
    return ' ';
  });
  // Who starts it and the verb, before the line: "you run", "the tool is started with", "when called as", ", as".
  rest = rest.replace(new RegExp(String.raw`(?:^|(?<=\s|,))(?:(?:and|then)\s+)?${WHO}${VERB}\s*,?\s*(?:(?:as|with|using|via)\s+)?\u0001`, 'i'), '\u0001');
  rest = rest.replace(/,?\s*\bas\s+\u0001/, '\u0001');
  // The block under the line's name: "with this yaml", "`hooks.yaml` has this content", "`hooks.yaml` in the start directory reads",
  // "`cfg/hooks.yaml` (content below)", "the file `hooks/hooks.yaml` below", "put this yaml at `lab/hooks/stop.yaml`", "this yaml as `stop.yaml`".
  const block = (file: string) => {
    if (blockAt !== undefined && blockAt !== file) return fail();
    blockAt = file;
    blockSaid = true;
    return ' ';
  };
  rest = rest.replace(new RegExp(String.raw`,?\s*(?:(?:and|then)\s+)?(?:(?:you\s+)?(?:put|save|write|drop|place)\s+)?${THIS_BLOCK}\s+(?:at|as|in|to|into)\s+\`([^\`\s]+\.ya?ml)\``, 'gi'), (_w, file: string) => block(file));
  rest = rest.replace(new RegExp(String.raw`,?\s*(?:(?:and|then)\s+)?(?:the\s+(?:configuration\s+|yaml\s+|config\s+)?file\s+)?\`([^\`\s]+\.ya?ml)\`(?:\s+(?:in|inside)\s+the\s+(?:start|starting|project)\s+directory)?\s+(?:has\s+this\s+content|has\s+the\s+following\s+content|reads|is\s+as\s+follows|is\s+this\s+yaml|contains\s+this\s+yaml|holds\s+this\s+yaml)(?=\s*(?:\(|,|$|\u0001))`, 'gi'), (_w, file: string) => block(file));
  rest = rest.replace(new RegExp(String.raw`(?:(?:the\s+)?(?:configuration\s+|yaml\s+|config\s+)?file\s+)?\`([^\`\s]+\.ya?ml)\`\s*(?:\(\s*(?:(?:its\s+)?content\s+)?below\s*\)|below)`, 'gi'), (_w, file: string) => (block(file), `\`${file}\``));
  rest = rest.replace(new RegExp(String.raw`,?\s*(?:(?:and|then)\s+)?(?:with|on|upon)\s+(?:this|the)\s+\`([^\`\s]+\.ya?ml)\`(?=\s*(?:,|$|\u0001|\band\b))`, 'gi'), (_w, file: string) => block(file));
  rest = rest.replace(new RegExp(String.raw`,?\s*(?:(?:and|then)\s+)?(?:with|on|upon)\s+${THIS_BLOCK}(?=\s*(?:,|$|\u0001|\band\b))`, 'gi'), () => block(config));
  // "… on:" at the end: on the block below.
  rest = rest.replace(/\s+on\s*$/i, () => block(config));
  // What the start directory holds: "the start directory holds `hooks.yaml` and a plain file `notes.txt`, but no `results/`",
  // "you make `lab/` with an empty `tools/sub/` folder in it", "`lab/` holds `pack.sh`".
  const item = String.raw`(?:(?:a|an|the)\s+)?(?:(?:plain|empty|regular)\s+)?(?:(?:file|directory|folder|dir|sub-?directory)\s+)?\`[^\`\s]+\`(?:\s+(?:file|directory|folder|dir))?(?:\s+in\s+it)?(?:\s+(?:holding|containing|with\s+the\s+(?:text|line))\s+\`[^\`]*\`)?|the\s+(?:directories|files|folders)\s+\`[^\`\s]+\`(?:\s*,\s*\`[^\`\s]+\`)*\s+and\s+\`[^\`\s]+\``;
  const list = String.raw`((?:${item})(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:${item}))*)(?:\s*,?\s*but\s+no\s+(\`[^\`\s]+\`(?:(?:\s*,\s*|\s+(?:and|or|nor)\s+)\`[^\`\s]+\`)*))?`;
  const heldItems = (items: string, where: string | undefined) => {
    for (const piece of items.split(/\s*,\s*(?:and\s+)?|\s+and\s+/)) {
      const name = /`([^`\s]+)`/.exec(piece)?.[1];
      if (name === undefined) return fail();
      const full = path.posix.normalize(where === undefined ? name : path.posix.join(where, name)).replace(/\/$/, '');
      if (!RELATIVE.test(full)) return fail();
      // The configuration said among them is the block ("`hooks.yaml` (below)", marked so above) or names none other.
      if (/\.ya?ml$/.test(name)) {
        if (!blockSaid || path.posix.normalize(name) !== path.posix.normalize(blockAt ?? '')) return fail();
        continue;
      }
      const directory = name.endsWith('/') || /\b(?:directory|directories|folders?|dir)\b/i.test(piece);
      if (!directory && !/\.[A-Za-z]\w{0,4}$/.test(name) && !/\bfiles?\b/i.test(piece)) return fail();
      // "`assets/list.txt` holding `hero.png`": a file with that line.
      const content = /\b(?:holding|containing|with\s+the\s+(?:text|line))\s+`([^`]*)`/.exec(piece)?.[1];
      if (content !== undefined && directory) return fail();
      held.push({ name: full, directory, ...(content === undefined ? {} : { content }) });
    }
    return ' ';
  };
  rest = rest.replace(new RegExp(String.raw`(?:^|,?\s*(?:and\s+)?)(?:the\s+(?:start|starting|project)\s+directory|${NAMED_DIR})\s+(?:holds|has|contains)\s+${list}(?=\s*(?:,|$|\u0001|\band\b))`, 'gi'), (_w: string, ...groups: unknown[]) => {
    const [named, items, missing] = groups as [string | undefined, string, string | undefined];
    if (named !== undefined && startNamed !== undefined && named !== startNamed) return fail();
    if (named !== undefined) startNamed = named;
    heldItems(items, undefined);
    for (const m of (missing ?? '').matchAll(/`([^`\s]+)`/g)) absent.push(m[1].replace(/\/$/, ''));
    return ' ';
  });
  rest = rest.replace(new RegExp(String.raw`(?:^|,?\s*(?:and\s+)?)(?:you\s+)?(?:make|create)\s+${NAMED_DIR}(?:\s+with\s+${list})?(?=\s*(?:,|$|\u0001|\band\b))`, 'gi'), (_w, ...groups: unknown[]) => {
    const [named, items, missing] = groups as [string, string | undefined, string | undefined];
    if (startNamed !== undefined && startNamed !== named) return fail();
    startNamed = named;
    if (items !== undefined) heldItems(items, undefined);
    for (const m of (missing ?? '').matchAll(/`([^`\s]+)`/g)) absent.push(m[1].replace(/\/$/, ''));
    return ' ';
  });
  // "(the directory `logs/` does not exist before)": a fresh directory holds nothing it was not said to.
  rest = rest.replace(/\s*\(\s*(?:the\s+(?:directory|folder|file)\s+)?`([^`\s]+)`\s+(?:does\s+not|doesn't)\s+exist(?:\s+(?:before|beforehand|yet|before\s+the\s+run))?\s*\)/gi, (_w, name: string) => (absent.push(name.replace(/\/$/, '')), ' '));
  // A signal sent to it a time after its start: "and SIGINT is sent to its process 2 s later", "and, 3 seconds later, SIGTERM is
  // sent to the SUT's own node process only", "wait 2 seconds and `kill -INT $!`" (after a line run in the background).
  const signals: { signal: InterruptSignal; atMs: number }[] = [];
  const sent = (signal: string, seconds: string) => {
    const name = signal.startsWith('SIG') ? signal : `SIG${signal}`;
    const at = /^half\s+a$/i.test(seconds) ? 0.5 : Number(seconds);
    if (!(INTERRUPT_SIGNALS as readonly string[]).includes(name) || !Number.isFinite(at)) return fail();
    signals.push({ signal: name as InterruptSignal, atMs: at * 1000 });
    return ' ';
  };
  const target = String.raw`(?:its|the\s+(?:tool|SUT|executor|runner|run)'s|spec-run(?:\s+exec)?'s)\s+(?:own\s+)?(?:node\s+)?process(?:\s+only)?`;
  rest = rest.replace(new RegExp(String.raw`,?\s*(?:and\s+)?(SIG[A-Z]+)\s+is\s+sent\s+to\s+${target}\s+(\d+(?:\.\d+)?)\s*(?:s|seconds?)\s+later`, 'g'), (_w, signal: string, seconds: string) => sent(signal, seconds));
  rest = rest.replace(new RegExp(String.raw`,?\s*(?:and\s*)?,?\s*(\d+(?:\.\d+)?)\s*(?:s|seconds?)\s+later\s*,\s*(SIG[A-Z]+)\s+is\s+sent\s+to\s+${target}`, 'g'), (_w, seconds: string, signal: string) => sent(signal, seconds));
  if (launch.background) rest = rest.replace(/,?\s*(?:and\s+)?wait\s+(\d+(?:\.\d+)?|half\s+a)\s+seconds?\s+and\s+`kill\s+-(INT|TERM|HUP)\s+\$!`/gi, (_w, seconds: string, signal: string) => sent(signal.toUpperCase(), seconds));
  if (signals.length > 1) return null;
  if (rest.includes('\u0000')) return null;
  // The line must have been taken with its verb: a line left standing is said in words this reader does not know.
  if (!/\u0001/.test(rest)) return null;
  const verbTaken = !/[\w`)]\s*,?\s*\u0001/.test(rest.replace(/^\s*(?:when\s+)?/i, ''));
  if (!verbTaken) return null;
  rest = rest.replace('\u0001', ' ');
  // The block said under a path from where the writer stands: that path is the start directory's name and the line's file.
  if (blockAt !== undefined) {
    const at = path.posix.normalize(blockAt);
    const fromStart = startNamed !== undefined && at.startsWith(`${path.posix.normalize(startNamed).replace(/\/$/, '')}/`) ? path.posix.relative(startNamed, at) : at;
    if (fromStart !== config) return null;
  }
  // No name said of the block: it is the file the line runs, which the condition introduces.
  // The start (project) directory said by words: the project where it is where the line starts (no other `--project`, the file in it).
  // The start directory is the project where the line names none other (`--project .`), or none and its file lies in it.
  const startIsProject = options.projectRoot !== undefined ? path.posix.normalize(options.projectRoot) === '.' : !config.includes('/');
  if (startWords !== undefined && /^project$/i.test(startWords) && !startIsProject) return null;
  if (startNamed !== undefined && !RELATIVE.test(startNamed)) return null;
  // A file sent a stream is the run's; a command that names it reads or writes it during the run, as no record shows.
  const streamFiles = [launch.streams.stdout, launch.streams.stderr].filter((f): f is string => f !== undefined);
  for (const f of streamFiles) if (new RegExp(String.raw`(?:^|[\s/'"])${escaped(path.posix.basename(f))}(?:$|[\s'";])`, 'm').test(yaml)) return null;
  // In the background, and in a new session, a run is the shell's only with the signal said that it waits for.
  const signalled = signals.length === 1;
  if ((launch.background || launch.setsid) && !signalled) return null;
  if (signalled && streamFiles.length > 0) return null;
  const named = new Set([config.includes('/') ? config.split('/')[0] : '', options.projectRoot !== undefined && RELATIVE.test(options.projectRoot) ? path.posix.normalize(options.projectRoot).split('/')[0] : ''].filter((n) => n !== ''));
  // Each entry where the run makes it: the project's, a directory the line names (`hooks/` of `hooks/stop.yaml`), else the start directory's own ('.').
  const files: { dir: string; name: string; directory: boolean; content?: string }[] = [];
  for (const entry of held) {
    const [first, ...below] = entry.name.split('/');
    if (absent.some((a) => entry.name === a || entry.name.startsWith(`${a}/`))) return null;
    const content = entry.content === undefined ? {} : { content: entry.content };
    if (startIsProject) files.push({ dir: 'project', name: entry.name, directory: entry.directory, ...content });
    else if (named.has(first)) {
      if (below.length > 0) files.push({ dir: first, name: below.join('/'), directory: entry.directory, ...content });
    } else files.push({ dir: '.', name: entry.name, directory: entry.directory, ...content });
  }
  if (absent.some((a) => a === config || config.startsWith(`${a}/`) || (options.log !== undefined && path.posix.normalize(options.log) === a))) return null;
  const invocation: Invocation = { config };
  if (options.log !== undefined) invocation.log = options.log;
  if (options.logFailures) invocation.logFailures = true;
  if (options.projectRoot !== undefined) invocation.project = options.projectRoot;
  if (options.imageAliases !== undefined && Object.keys(options.imageAliases).length > 0) invocation.imageAliases = options.imageAliases;
  if (options.configDirEnv !== undefined) invocation.configDirEnv = options.configDirEnv;
  if (Object.keys(exported).length > 0) invocation.exported = exported;
  if (startNamed !== undefined) invocation.startNamed = startNamed.replace(/\/$/, '');
  if (streamFiles.length > 0) invocation.streams = { ...launch.streams };
  said.push(`spec-run exec ${launch.argv.join(' ')}`);
  if (Object.keys(exported).length > 0) said.push(`with ${Object.entries(exported).map(([k, v]) => `${k}=${v}`).join(', ')} in its environment`);
  said.push(startNamed !== undefined ? `started in a fresh directory named ${invocation.startNamed}/` : 'started in the scenario\'s fresh directory');
  said.push(`the YAML block is ${config}`);
  if (launch.streams.stdout !== undefined) said.push(`its stdout sent to ${launch.streams.stdout}`);
  if (launch.streams.stderr !== undefined) said.push(`its stderr sent to ${launch.streams.stderr}`);
  if (held.length > 0) said.push(`the start directory holds ${held.map((h) => `${h.directory ? 'a directory ' : ''}${h.name}${h.content === undefined ? '' : ` (the line ${h.content})`}`).join(', ')}`);
  if (absent.length > 0) said.push(`no ${absent.join(', ')} before the run`);
  if (signalled) said.push(`sent ${signals[0].signal} ${signals[0].atMs / 1000} s after it starts`);
  const part: SetupPart = {
    text: `launch: ${said.join('; ')}`,
    apply: (s) => {
      const before = s.invocation ?? {};
      s.invocation = { ...before, ...invocation, imageAliases: { ...before.imageAliases, ...invocation.imageAliases }, exported: { ...before.exported, ...invocation.exported } };
      if (files.length > 0) s.files = [...(s.files ?? []), ...files];
      if (signalled) s.interrupt = { ...signals[0] };
    },
  };
  const accounted = [spans[0][1], config, ...launch.argv, ...streamFiles, ...(startNamed === undefined ? [] : [startNamed, `${startNamed.replace(/\/$/, '')}/`]), ...(blockAt === undefined ? [] : [blockAt]), ...held.flatMap((h) => [h.name, `${h.name}/`]), ...absent.flatMap((a) => [a, `${a}/`]), ...Object.entries(exported).map(([k, v]) => `${k}=${v}`)];
  return { rest: tidy(rest), parts: [part], accounted };
}

/** What is left once the launch was taken: no dangling commas, conjunctions, or a bare "When". */
function tidy(text: string): string {
  let out = text.replace(/\(\s*\)/g, ' ').replace(/\s+/g, ' ').trim();
  for (let i = 0; i < 4; i++) {
    out = out
      .replace(/\s+([,;:])/g, '$1')
      .replace(/,\s*(?:,\s*)+/g, ', ')
      .replace(/^(?:when\b|,|and\b|then\b)\s*/i, '')
      .replace(/\s*(?:,|\band|\bthen|\bwhen)\s*$/i, '')
      .trim();
  }
  return out;
}
