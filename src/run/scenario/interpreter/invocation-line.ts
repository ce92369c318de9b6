// spec-run exec's command line written out as a shell would take it, in the words a When or a condition paragraph
// says it with: bare in the prose ("when called as npx spec-run exec stop.yaml --project app"), started through
// the package's own bin ("node_modules/.bin/spec-run exec c.yaml"), with variables assigned before it
// ("FOO=1 BAR=two npx spec-run exec c.yaml": its environment), and variables the calling shell is said to export
// bare ("from a shell that exports QA_BATCH=B-7"). Each is rewritten into the forms invocation.ts reads: the
// command line in code marks, its assignments as variables exported to it, which host commands inherit as they
// inherit spec-run exec's own environment.
//
// Only what a shell would take as that command line is marked: the words after `spec-run exec` as long as each is
// an option (with the value the option takes) or a configuration file. A word after them that is neither ends the
// command line; an option spec-run exec does not have is kept in it, so that the executor's own argument parser
// refuses it and the sentence stays unread. A line run through another program first ("setsid npx spec-run exec
// …", "timeout 5 spec-run exec …") is another process tree: it is left as written, and unread.

/** Options of spec-run exec that take a value, and any other option (kept, to be refused by the parser). */
const OPTION_WORD = String.raw`(?:--(?:log|project|image-alias|config-dir-env)(?:=[^\s\`,;()]+|\s+(?!-)(?:\.{1,2}\/?(?=[\s,;:)]|$)|[^\s\`,;()]*[^\s\`,;().:]))|--[a-z][\w-]*(?:=[^\s\`,;()]+)?|-[a-zA-Z])`;
const CONFIG_WORD = String.raw`[\w.~/<>-]*[\w>-]\.ya?ml`;
/** A variable assigned before a command (`NAME=value`), its value without quotes or spaces. */
const ASSIGNMENT = String.raw`[A-Za-z_]\w*=[^\s\`,;()'"]*`;
/** How spec-run is started: through a package runner or the package's bin directory, or by its own name. */
const STARTER = String.raw`(?:(?:npx|pnpx|bunx|pnpm\s+exec|yarn)\s+|(?:\.\/)?node_modules\/\.bin\/)?`;
/** A word no program is started through before spec-run: what ends a sentence's word before the command line. */
const WRAPPED = /(?:^|\s)(?:setsid|timeout|nohup|env|sudo|exec|time|nice|stdbuf|xargs|sh\s+-c|bash\s+-c)\s+$/;

/** An option the prose had put in code marks already (withOptionsMarked marks options written bare): part of the line. */
const MARKED_OPTION = String.raw`\x60--[a-z][\w-]*(?:[ =][^\x60\s]+)?\x60`;
const BARE_LINE = new RegExp(String.raw`(^|[\s(])((?:${ASSIGNMENT}\s+)*${STARTER}spec-run\s+exec(?:\s+(?:${MARKED_OPTION}|${OPTION_WORD}|${CONFIG_WORD}))+)(?=[\s.,;:)]|$)`, 'g');
/** Inside a code span: assignments before spec-run exec, and the starter, then the rest of the line. */
const SPAN_LINE = new RegExp(String.raw`^((?:${ASSIGNMENT}\s+)+)?(${STARTER})(spec-run\s+exec\b.*)$`);
/** Bare assignments said exported by the calling shell, or in spec-run exec's environment: after the verb, or before the phrase. */
const EXPORTS = new RegExp(String.raw`(\b(?:exports?|exported|exporting|sets?|setting|has\s+set|having\s+set)\s+)((?:${ASSIGNMENT})(?:(?:\s*,\s*|\s+and\s+|\s+)${ASSIGNMENT})*)(?=[\s.,;:)]|$)`, 'g');
const IN_ENVIRONMENT = new RegExp(String.raw`(\bwith\s+)((?:${ASSIGNMENT})(?:(?:\s*,\s*|\s+and\s+|\s+)${ASSIGNMENT})*)(?=\s+(?:in\s+(?:its|the)\s+(?:environment|env)|exported|set\s+in\s+(?:its|the)\s+(?:environment|env))\b)`, 'g');

const marked = (assignments: string) => [...assignments.matchAll(new RegExp(ASSIGNMENT, 'g'))].map((m) => `\`${m[0]}\``).join(' and ');

/**
 * SENTENCE with spec-run exec's command lines written bare put in code marks, assignments before one said as
 * variables exported to it, a starter through the package's bin said as `spec-run exec`, and bare assignments
 * said exported put in code marks; null where it holds none of these (nothing to rewrite), false where one command
 * line assigns a variable a value another part of the sentence assigns it otherwise.
 */
export function invocationLinesRewritten(sentence: string): string | null | false {
  let changed = false;
  // "setsid npx spec-run exec c.yaml, and … SIGTERM is sent to its process group": the same process tree, made the
  // leader of a session and a process group of its own so that a signal the sentence sends reaches npx, sh and node
  // alone: spec-run exec's line. Said with no signal, which group a signal would reach is not what the sentence is
  // about, and setsid leaves it unread as any other program before it (WRAPPED), another process tree.
  if (/\bSIG(?:INT|TERM|HUP)\b/.test(sentence)) sentence = sentence.replace(/\bsetsid\s+(?=`?(?:(?:npx|pnpx|bunx)\s+|(?:\.\/)?node_modules\/\.bin\/)?spec-run\s+exec\b)/g, () => ((changed = true), ''));
  // Outside code spans: the bare command lines and exported assignments, marked.
  // A line begins outside code spans (a backtick before it, unclosed, would put it inside one).
  const lines = sentence.replace(BARE_LINE, (whole: string, lead: string, line: string, at: number, all: string) => {
    if (WRAPPED.test(all.slice(0, at) + lead) || (all.slice(0, at).split('`').length - 1) % 2 === 1) return whole;
    changed = true;
    return `${lead}\`${line.replace(/`/g, '').replace(/\s+/g, ' ')}\``;
  });
  let out = lines
    .split(/(`[^`]*`)/)
    .map((piece, i) => {
      if (i % 2 === 1) return piece;
      let text = piece;
      text = text.replace(EXPORTS, (_w, verb: string, assignments: string) => {
        changed = true;
        return `${verb}${marked(assignments)}`;
      });
      text = text.replace(IN_ENVIRONMENT, (_w, verb: string, assignments: string) => {
        changed = true;
        return `${verb}${marked(assignments)}`;
      });
      return text;
    })
    .join('');
  // Each command line in code marks: its assignments said as exported to it, its starter dropped.
  const assigned = new Map<string, string>();
  let conflict = false;
  out = out.replace(/`([^`]*)`/g, (whole: string, inside: string, at: number, all: string) => {
    const m = SPAN_LINE.exec(inside.trim());
    if (!m || (m[1] === undefined && !/\//.test(m[2]))) return whole;
    if (WRAPPED.test(all.slice(0, at))) return whole;
    changed = true;
    const line = `\`${m[3].trim()}\``;
    if (m[1] === undefined) return line;
    for (const a of m[1].trim().split(/\s+/)) {
      const [name, value] = [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)];
      if (assigned.has(name) && assigned.get(name) !== value) conflict = true;
      assigned.set(name, value);
    }
    return `${line} with ${marked(m[1])} exported`;
  });
  // Two command lines of spec-run exec in one sentence are two runs: which the sentence's other words are said of is not said.
  const runs = new Set([...out.matchAll(/`spec-run\s+exec\s+([^`]+)`/g)].map((m) => m[1].trim()));
  if (runs.size > 1) return false;
  if (!changed) return null;
  // The same variable given two values (exported one way, assigned another before the command line): which reaches it is not said.
  for (const m of out.matchAll(/`([A-Za-z_]\w*)=([^`\s]*)`/g)) {
    if (assigned.has(m[1]) && assigned.get(m[1]) !== m[2]) conflict = true;
  }
  return conflict ? false : out;
}
