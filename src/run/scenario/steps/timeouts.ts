// Steps about which timeout a command gets: the configured limit, the global
// default, null, and their precedence. Each checks the resolution the executor
// computes and, where the step speaks of behaviour, a probe run under it.
import { loadConfig, resolveTimeout, type CommandConfig, type StopConfig } from '../../../executor/config.js';
import { parseDuration } from '../../../executor/duration.js';
import type { Checks } from '../checks.js';
import { finisher, outlaster, sleeper } from '../probes.js';
import { defineStep, type StepDefinition } from '../registry.js';
import type { ScenarioWorld } from '../world.js';
import { contextOf, firedOnTime, record, timedOut, unitMs } from './common.js';

const limit = (text: string) => {
  const parsed = parseDuration(text);
  if (!parsed.ok) throw new Error(`bad duration in a step definition: ${text}`);
  return { kind: 'limit' as const, ms: parsed.ms, text };
};

/** The scenario's configuration with commands changed: a variant to check a rule the scenario states. */
function variant(world: ScenarioWorld, change: Partial<StopConfig>, command: Partial<CommandConfig> = {}): StopConfig {
  const base = world.command(0);
  return { ...world.config, ...change, commands: [{ ...base, ...command }] };
}

/** The scenario's YAML with `edit` applied, loaded again by the config module. */
function reloaded(c: Checks, world: ScenarioWorld, edit: (text: string) => string, what: string): StopConfig {
  const text = edit(world.yaml?.text ?? 'stop:\n  commands:\n    - run: "true"\n');
  const { config, errors } = loadConfig(text);
  c.show(what, text.split('\n'));
  c.equal(errors.map((e) => e.message), [], `${what} loads without errors`);
  return config;
}

/** The configured timeout of command `index` is `n` `unit`s, and a probe under it times out on time. */
async function limitedTo(world: ScenarioWorld, c: Checks, n: string, unit: string, commands: 'first' | 'all' = 'first'): Promise<void> {
  const expected = Number(n) * unitMs(unit);
  const indexes = commands === 'all' ? world.config.commands.map((_, i) => i) : [0];
  c.that(world.errors.length === 0, 'the configuration loads without errors', world.errors.map((e) => e.message));
  for (const i of indexes) {
    const resolved = world.resolved(i);
    c.show(`resolved timeout of command ${i}`, resolved);
    c.equal(resolved.ms, expected, `command ${i} resolves to ${n} ${unit} (ms)`);
  }
  for (const i of indexes) {
    const run = await sleeper(world, contextOf(world, i));
    timedOut(c, run, 'SIGTERM', `probe for command ${i}`);
    firedOnTime(c, run, 0, `probe for command ${i}`);
  }
}

/** With the command's timeout null and a (probe-sized) global default, a command longer than that default completes. */
async function nullOutlastsDefault(world: ScenarioWorld, c: Checks): Promise<void> {
  const config = variant(world, { defaultTimeout: limit('1s') }, { timeout: { kind: 'none' } });
  const resolved = resolveTimeout(config, config.commands[0]);
  c.equal(resolved, { ms: null, text: 'none', source: 'command' }, 'timeout: null with defaultTimeout 1s resolves to');
  const run = await outlaster(world, contextOf(world), { config, timeoutMs: resolved.ms }, 'null-over-default');
  record(c, run);
  c.equal(run.result.outcome, 'completed', 'a 1.5 s command under defaultTimeout 1s and timeout: null ends as');
  c.equal(run.result.exitCode, 0, 'its exit code');
  c.that(run.result.output.lines.some((l) => l.text === 'finished'), 'it printed "finished"');
}

export const timeoutSteps: StepDefinition[] = [
  defineStep(/^command execution limited to (\d+) (seconds?|minutes?|hours?)$/i, (w, c, [n, unit]) => limitedTo(w, c, n, unit)),
  defineStep(/^command (?:executes with|has) (?:an? )?(\d+)[ -](second|minute|hour)s? timeout$/i, (w, c, [n, unit]) => limitedTo(w, c, n, unit)),
  defineStep(/^timeout enforced at (\d+) (seconds?|minutes?|hours?)$/i, (w, c, [n, unit]) => limitedTo(w, c, n, unit)),
  defineStep(/^both commands have (?:an? )?(\d+)[ -](second|minute|hour)s? timeout$/i, async (w, c, [n, unit]) => {
    c.that(w.config.commands.length >= 2, 'the scenario configures at least two commands', w.config.commands.length);
    await limitedTo(w, c, n, unit, 'all');
  }),
  defineStep(/^default timeout of (\d+) (seconds?|minutes?|hours?) applied$/i, async (w, c, [n, unit]) => {
    c.equal(w.resolved().source, 'built-in default', 'the timeout comes from');
    await limitedTo(w, c, n, unit);
  }),

  defineStep(/^(?:global (?:timeout|default) applied to (?:the )?(?:command|all commands)|commands without timeout use global default)$/i, async (w, c) => {
    const def = w.config.defaultTimeout;
    c.equal(def.kind, 'limit', 'the scenario sets defaultTimeout to a limit');
    const inheriting = w.config.commands.filter((cmd) => cmd.timeout.kind === 'inherit');
    c.that(inheriting.length > 0, 'some command omits its timeout');
    for (const cmd of inheriting) {
      const r = resolveTimeout(w.config, cmd);
      c.equal({ ms: r.ms, source: r.source }, { ms: def.kind === 'limit' ? def.ms : null, source: 'defaultTimeout' }, `command ${cmd.index} resolves to the global default`);
    }
    const run = await sleeper(w, contextOf(w));
    timedOut(c, run, 'SIGTERM');
    firedOnTime(c, run);
  }),
  defineStep('Global default can be set once for all commands', (w, c) => {
    const def = w.config.defaultTimeout;
    c.equal(def.kind, 'limit', 'the scenario sets defaultTimeout to a limit');
    const base = w.command(0);
    const many: StopConfig = { ...w.config, commands: [0, 1, 2].map((index) => ({ ...base, index, run: `step ${index}`, timeout: { kind: 'inherit' } })) };
    const resolved = many.commands.map((cmd) => resolveTimeout(many, cmd));
    c.show('three commands without timeout resolve to', resolved);
    c.that(resolved.every((r) => r.source === 'defaultTimeout' && def.kind === 'limit' && r.ms === def.ms), 'each of three commands without a timeout gets the one global default');
  }),

  defineStep(/^(?:per-command timeout overrides global|commands with explicit timeout override global)$/i, async (w, c) => {
    // Probe-sized values, resolved for real: the command's 1s must win over the global 2s.
    const config = variant(w, { defaultTimeout: limit('2s') }, { timeout: limit('1s') });
    const resolved = resolveTimeout(config, config.commands[0]);
    c.equal(resolved, { ms: 1000, text: '1s', source: 'command' }, 'timeout 1s under defaultTimeout 2s resolves to');
    const scenario = variant(w, w.config.defaultTimeout.kind === 'limit' ? {} : { defaultTimeout: limit('10m') }, { timeout: limit('1m') });
    c.equal(resolveTimeout(scenario, scenario.commands[0]).source, 'command', "with the scenario's global default, an explicit timeout: 1m comes from");
    const run = await w.probe(`override@${contextOf(w)}`, { run: `echo started; sleep ${w.nonce()}`, context: contextOf(w), config, timeoutMs: resolved.ms });
    timedOut(c, run, 'SIGTERM');
    firedOnTime(c, run);
  }),

  defineStep(/^(?:per-command timeout: null (?:disables timeout for that command|overrides global)|user can disable per-command with timeout: null)$/i, (w, c) =>
    nullOutlastsDefault(w, c),
  ),
  defineStep(/^useful for background processes or long operations$/i, (w, c) => nullOutlastsDefault(w, c)),

  defineStep(/^merging respects precedence: per-command > global > (?:no timeout|default)$/i, (w, c) => {
    const base = w.command(0);
    const cases: [string, StopConfig, string, number | null][] = [
      ['per-command 1m over global 10m', { defaultTimeout: limit('10m'), commands: [{ ...base, timeout: limit('1m') }] }, 'command', 60_000],
      ['per-command null over global 10m', { defaultTimeout: limit('10m'), commands: [{ ...base, timeout: { kind: 'none' } }] }, 'command', null],
      ['global 10m when the command omits it', { defaultTimeout: limit('10m'), commands: [{ ...base, timeout: { kind: 'inherit' } }] }, 'defaultTimeout', 600_000],
      ['neither set', { defaultTimeout: { kind: 'inherit' }, commands: [{ ...base, timeout: { kind: 'inherit' } }] }, 'built-in default', 300_000],
    ];
    for (const [what, config, source, ms] of cases) {
      const r = resolveTimeout(config, config.commands[0]);
      c.equal({ source: r.source, ms: r.ms }, { source, ms }, what);
    }
    c.show('lowest level', "the step says 'no timeout'; the seed's Timeout Precedence and Validation Rules set a 5m default there, which is what is checked");
  }),

  defineStep(/^command can run indefinitely$/i, async (w, c) => {
    const resolved = w.resolved();
    c.equal(resolved.ms, null, "the command's resolved timeout (ms)");
    const run = await outlaster(w, contextOf(w));
    record(c, run);
    c.equal(run.request.timeoutMs, null, 'the executor is asked for no timeout (ms)');
    c.equal(run.result.outcome, 'completed', 'a 1.5 s probe under this policy ends as');
  }),
  defineStep(/^no timeout enforcement$/i, async (w, c) => {
    c.equal(w.resolved().ms, null, "the command's resolved timeout (ms)");
    const run = await outlaster(w, contextOf(w));
    record(c, run);
    c.equal(run.result.timeoutText, 'none', 'the result reports timeout');
    c.equal(run.result.outcome, 'completed', 'a probe longer than any probe timeout ends as');
  }),
  defineStep(/^command termination based on completion only$/i, async (w, c) => {
    c.equal(w.resolved().ms, null, "the command's resolved timeout (ms)");
    const run = await w.probe(`own-end@${contextOf(w)}`, { run: 'sleep 1.2; exit 7', context: contextOf(w) });
    record(c, run);
    c.equal(run.result.outcome, 'completed', 'the probe ends as');
    c.equal(run.result.exitCode, 7, 'with its own exit code');
    c.that(run.result.durationMs >= 1200, 'after its own 1.2 s', Math.round(run.result.durationMs));
  }),
  defineStep(/^can still be interrupted by (?:the )?stop hook handler$/i, async (w, c) => {
    const run = await w.probe(`interrupt@${contextOf(w)}`, { run: `echo started; sleep ${w.nonce()}`, context: contextOf(w), abortAfterMs: 500 });
    record(c, run);
    c.equal(run.request.timeoutMs, null, 'the probe runs without a timeout (ms)');
    c.equal(run.result.outcome, 'interrupted', 'aborted by the handler after 500 ms, it ends as');
    c.equal(run.result.exitCode, 130, 'exit code');
    c.equal(run.result.signal, 'SIGTERM', 'stopped by');
    c.between(run.result.durationMs, 495, 500 + (run.result.context === 'docker' ? 1500 : 500), 'duration (ms)');
  }),
  defineStep(/^only explicitly set to null, not just omitted$/i, (w, c) => {
    c.equal(w.command(0).timeout.kind, 'none', 'the scenario writes timeout: null, read as');
    const omitted = reloaded(c, w, (t) => t.replace(/^\s*timeout:\s*null.*\n?/m, ''), 'the YAML without its timeout: null line');
    const r = resolveTimeout(omitted, omitted.commands[0]);
    c.that(r.ms !== null, 'omitting the line does not disable the timeout', r);
    c.equal(r.source, w.config.defaultTimeout.kind === 'limit' ? 'defaultTimeout' : 'built-in default', 'omitted, the timeout comes from');
  }),
  defineStep(/^timeout enforced unless explicitly disabled$/i, async (w, c) => {
    c.that(w.resolved().ms !== null, 'the scenario command has a timeout', w.resolved());
    const run = await sleeper(w, contextOf(w));
    timedOut(c, run, 'SIGTERM');
    const disabled = variant(w, {}, { timeout: { kind: 'none' } });
    c.equal(resolveTimeout(disabled, disabled.commands[0]).ms, null, 'with timeout: null the resolved timeout (ms) is');
  }),
  defineStep('Command can complete if within {int} minutes', async (w, c, [n]) => {
    c.equal(w.resolved().ms, Number(n) * 60_000, 'resolved timeout (ms)');
    const run = await finisher(w, contextOf(w), 0);
    record(c, run);
    c.equal(run.result.outcome, 'completed', 'a probe that ends within its timeout ends as');
    c.equal(run.result.exitCode, 0, 'exit code');
  }),
  defineStep(/^user can change with global defaultTimeout$/i, (w, c) => {
    const changed = reloaded(c, w, (t) => t.replace(/^stop:[^\n]*\n(\s*defaultTimeout:[^\n]*\n)?/m, 'stop:\n  defaultTimeout: "17m"\n'), 'the YAML with defaultTimeout: "17m"');
    const r = resolveTimeout(changed, changed.commands[0]);
    c.equal({ ms: r.ms, source: r.source }, { ms: 17 * 60_000, source: 'defaultTimeout' }, 'the command then resolves to');
  }),
  defineStep(/^backward compatible \(timeout optional\)$/i, async (w, c) => {
    const without = reloaded(c, w, (t) => t.replace(/^\s*(default)?[tT]imeout:.*\n?/gm, ''), 'the YAML without any timeout line');
    const r = resolveTimeout(without, without.commands[0]);
    c.equal({ ms: r.ms, source: r.source }, { ms: 300_000, source: 'built-in default' }, 'a command without timeout resolves to');
    const run = await finisher(w, contextOf(w), 0);
    c.equal(run.result.outcome, 'completed', 'and runs as before:');
  }),
];
