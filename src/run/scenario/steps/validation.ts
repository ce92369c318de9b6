// Steps about the written form of timeouts: what parses, what is rejected, and what
// the errors say. The scenario's YAML comments ("# 30 seconds", "# Negative value")
// state what each line should give; the checks compare against them.
import { parseDuration, VALID_DURATIONS } from '../../../executor/duration.js';
import type { ConfigError } from '../../../executor/config.js';
import type { Checks } from '../checks.js';
import { defineStep, type StepDefinition } from '../registry.js';
import type { ScenarioWorld } from '../world.js';
import { unitMs } from './common.js';

interface ValueLine {
  line: number;
  value: string;
  comment: string | null;
  error: ConfigError | undefined;
}

/** Every `timeout:`/`defaultTimeout:` line of the scenario's YAML, with its comment and its error, if any. */
function valueLines(w: ScenarioWorld): ValueLine[] {
  return w
    .yamlLines()
    .map(({ line, text }) => {
      const m = /^\s*(?:-\s+)?(?:default)?[tT]imeout:\s*(.*?)\s*(?:#\s*(.*))?$/.exec(text);
      return m ? { line, value: m[1], comment: (m[2] as string | undefined) ?? null, error: w.errors.find((e) => e.line === line) } : null;
    })
    .filter((v): v is ValueLine => v !== null);
}

/** What a comment says the line should give: ms, null, 'invalid', or nothing usable. */
function expectation(comment: string | null): number | null | 'invalid' | undefined {
  if (!comment) return undefined;
  if (/not valid|invalid|should be|negative|missing|zero|multiple/i.test(comment)) return 'invalid';
  if (/no timeout/i.test(comment)) return null;
  const m = /(\d+) (second|minute|hour)s?/i.exec(comment);
  return m ? Number(m[1]) * unitMs(m[2]) : undefined;
}

/** Every line is rejected when the scenario is about invalid formats; otherwise the lines whose comment says so. */
function expectedInvalid(w: ScenarioWorld, v: ValueLine): boolean {
  return /invalid/i.test(w.unit.condition ?? '') || expectation(v.comment) === 'invalid';
}

function allInvalidRejected(w: ScenarioWorld, c: Checks): ValueLine[] {
  const lines = valueLines(w);
  c.that(lines.length > 0, 'the scenario has timeout lines');
  for (const v of lines) {
    const invalid = expectedInvalid(w, v);
    c.that(invalid === (v.error !== undefined), `line ${v.line} (${v.value}) is ${invalid ? 'rejected' : 'accepted'}`, v.error?.message ?? 'accepted');
  }
  return lines.filter((v) => v.error);
}

const COMMENT_TO_REASON: [RegExp, RegExp][] = [
  [/suffix/i, /unit/],
  [/negative/i, /negative/],
  [/zero/i, /zero/],
  [/multiple|single/i, /single unit/],
  [/string/i, /string/],
];

export const validationSteps: StepDefinition[] = [
  defineStep(/^each timeout is parsed correctly$/i, (w, c) => {
    const lines = valueLines(w);
    const judged = lines.filter((v) => expectation(v.comment) !== undefined);
    c.that(judged.length > 0, 'the YAML comments say what each timeout means');
    for (const v of judged) {
      const expected = expectation(v.comment);
      if (expected === 'invalid') {
        c.that(v.error !== undefined, `line ${v.line} ${v.value} (${v.comment}) is rejected`);
        continue;
      }
      const command = [...w.config.commands].reverse().find((cmd) => cmd.line <= v.line);
      const setting = command?.timeout;
      const got = setting?.kind === 'limit' ? setting.ms : setting?.kind === 'none' ? null : 'missing';
      c.equal(got, expected, `line ${v.line} ${v.value} (${v.comment}) gives (ms)`);
    }
  }),
  defineStep(/^(?:`?\w`? suffix = \w+,? ?)+(?:and )?(?:`?\w`? suffix = \w+)$/i, (w, c, _args, step) => {
    const pairs = [...step.text.matchAll(/`?(\w)`? suffix = (\w+)/g)];
    c.that(pairs.length > 0, 'the step names suffixes');
    for (const [, suffix, unit] of pairs) c.equal(parseDuration(`7${suffix}`), { ok: true, ms: 7 * unitMs(unit), text: `7${suffix}` }, `7${suffix} parses as 7 ${unit}`);
    for (const cmd of w.config.commands) {
      if (cmd.timeout.kind === 'limit') c.equal(cmd.timeout.ms, Number(cmd.timeout.text.slice(0, -1)) * unitMs(cmd.timeout.text.slice(-1)), `configured ${cmd.timeout.text}`);
    }
  }),
  defineStep(/^only (?:a )?single unit allowed(?: \(not "(.+)"\))?$/i, (w, c, [example]) => {
    const sample = example || '2h30m';
    const parsed = parseDuration(sample);
    c.that(!parsed.ok && /single unit/.test(parsed.reason), `${sample} is rejected as several units`, parsed);
    const multi = valueLines(w).filter((v) => /\d+[smh]\d+[smh]/.test(v.value));
    for (const v of multi) c.that(v.error !== undefined && /single unit/.test(v.error.message), `the config's ${v.value} at line ${v.line} is rejected`, v.error?.message);
  }),
  defineStep(/^numeric (?:part|value) must be (?:a )?positive(?: integer)?(?: \(> 0\))?$/i, (w, c) => {
    for (const bad of ['0s', '-5m', '1.5m', '+5s']) c.that(!parseDuration(bad).ok, `${bad} is rejected`, parseDuration(bad));
    c.that(parseDuration('1s').ok, '1s is accepted');
    const accepted = (w.fieldLines ?? []).flatMap((f) => (f.setting?.kind === 'limit' ? [f.setting.ms] : []));
    const configured = w.config.commands.flatMap((cmd) => (cmd.timeout.kind === 'limit' ? [cmd.timeout.ms] : []));
    c.that([...accepted, ...configured].every((ms) => ms > 0), "every accepted value of the scenario is > 0", [...accepted, ...configured]);
  }),
  defineStep(/^`?null`? (?:value disables timeout|special value for disabled)$/i, (w, c) => {
    const nulls = [...(w.fieldLines ?? []).filter((f) => f.value === null).map((f) => f.setting), ...w.config.commands.filter((cmd) => cmd.timeout.kind === 'none').map((cmd) => cmd.timeout)];
    c.that(nulls.length > 0, 'the scenario has a null timeout');
    for (const s of nulls) c.equal(s, { kind: 'none' }, 'null reads as');
    for (const cmd of w.config.commands.filter((x) => x.timeout.kind === 'none')) c.equal(w.resolved(cmd.index).ms, null, `command ${cmd.index} resolves to no timeout (ms)`);
  }),
  defineStep(/^(?:invalid formats cause validation error|configuration validation fails)$/i, (w, c) => {
    const rejected = allInvalidRejected(w, c);
    c.that(rejected.length > 0, 'at least one value is rejected');
  }),
  defineStep(/^clear error messages provided$/i, (w, c) => {
    for (const v of allInvalidRejected(w, c)) {
      const message = v.error?.message ?? '';
      c.includes(message, `${v.error?.path}:`, `error for line ${v.line} names the field`);
      c.equal(v.error?.line, v.line, `error for line ${v.line} is placed on it`);
      c.includes(message, v.value.replace(/^"|"$/g, ''), `error for line ${v.line} names the value`);
      const reason = COMMENT_TO_REASON.find(([comment]) => comment.test(v.comment ?? ''))?.[1];
      if (reason) c.matches(message, reason, `error for ${v.value} (${v.comment})`);
    }
  }),
  defineStep(/^suggests correct format$/i, (w, c) => {
    for (const v of allInvalidRejected(w, c)) c.includes(v.error?.message ?? '', 'Valid:', `error for line ${v.line}`);
  }),
  defineStep(/^examples provided: "(.+)"$/i, (w, c, [quoted]) => {
    c.equal(quoted, VALID_DURATIONS, 'the documented examples are the ones the executor prints');
    for (const v of allInvalidRejected(w, c)) c.includes(v.error?.message ?? '', quoted, `error for line ${v.line}`);
  }),
  defineStep(/^all formats accepted$/i, (w, c) => {
    const lines = valueLines(w);
    c.that(lines.length > 0, 'the scenario has timeout lines');
    c.equal(w.errors.map((e) => e.message), [], 'errors');
  }),
  defineStep(/^suffix must be s, m,? or h$/i, (w, c) => {
    for (const bad of ['5d', '5ms', '5S', '5min']) c.that(!parseDuration(bad).ok, `${bad} is rejected`);
    const limits = (w.fieldLines ?? []).flatMap((f) => (f.setting?.kind === 'limit' ? [f.setting.text] : []));
    c.that(limits.length > 0 && limits.every((t) => /[smh]$/.test(t)), "the scenario's accepted values end in s, m or h", limits);
  }),
  defineStep(/^no spaces between value and suffix$/i, (w, c) => {
    const parsed = parseDuration('5 m');
    c.that(!parsed.ok && /space/.test(parsed.reason), '"5 m" is rejected for its space', parsed);
    const limits = (w.fieldLines ?? []).flatMap((f) => (f.setting?.kind === 'limit' ? [f.setting.text] : []));
    c.that(limits.every((t) => !/\s/.test(t)), "the scenario's accepted values have no spaces", limits);
  }),
];
