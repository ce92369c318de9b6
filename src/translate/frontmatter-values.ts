// Frontmatter values of the wrong shape: `tags: smoke` where a list is meant, `level: 3`
// where a name is. The run reads these fields (selection, requirements, names, the gate of
// timing-sensitive units), so a value it cannot read is an error of the document, at its
// line, in the run as in `check`: a CI gate gets one verdict from both.
import type { Diagnostic, SpecDocument } from '../model/document.js';
import { editDistance, keyWords } from '../model/edit-distance.js';

/** A comma-separated text as a YAML flow list that reads back as the same items: each quoted, so `@smoke` (a reserved character in plain YAML) stays valid. */
const flowList = (text: string): string => `[${text.split(',').map((item) => JSON.stringify(item.trim())).join(', ')}]`;

const LISTS = ['tags', 'covers'];
const NAMES = ['name', 'level', 'source', 'feature'];

const isStringList = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The fields whose value changes what a run does or counts: a key mistyped for one of them is a setting lost. */
const SETTINGS = ['type', 'name', 'tags', 'level', 'covers', 'source', 'exclude', 'timeout', 'retries', 'timing-sensitive', 'borrow'];

/**
 * The setting KEY is mistyped for: one or two letters off or its letters in another
 * order (`timout`, `retires`), another case or separator (`timingSensitive`), the other
 * number (`tag`, `retry`, cucumber-js's spelling).
 */
export function mistypedSetting(key: string): string | undefined {
  const written = key.toLowerCase();
  if (SETTINGS.includes(key)) return undefined;
  return SETTINGS.find(
    (field) =>
      written === field ||
      keyWords(key) === keyWords(field) ||
      editDistance(written, field) <= (field.length > 7 ? 2 : 1) ||
      [...written].sort().join('') === [...field].sort().join(''),
  );
}

/**
 * Settings of a whole run (spec-run.config.json's keys that are no frontmatter field), each
 * with its command-line option where it has one: written in a document's frontmatter
 * (`runs: 200`, `seed: 42`), they would be lost without a word. (`runtime` is a Lisp
 * document's error of its own, lisp-family.ts.)
 */
export const RUN_SETTINGS: Record<string, string | null> = {
  paths: null,
  reporter: '--reporter',
  requireVerified: '--require-verified',
  requirements: null,
  jobs: '--jobs',
  seed: '--seed',
  runs: '--runs',
  lastRun: '--last-run',
  timings: '--timings',
  strict: '--strict',
  bail: '--bail',
  images: null,
  vocabulary: null,
  executorSteps: '--executor-steps',
  steps: '--steps',
};

/**
 * The options of a run that only the command line takes, by their words (`--dry-run`:
 * `dryRun`): in frontmatter (`dry-run: true`, `no-strict: true`) they too would be lost
 * without a word. `--tag`, `--level`, `--timeout` and `--retries` have frontmatter fields.
 */
const COMMAND_LINE_SETTINGS: Record<string, string> = {
  list: '--list',
  grep: '--grep',
  noStrict: '--no-strict',
  onlyFailures: '--only-failures',
  shard: '--shard',
  dryRun: '--dry-run',
  change: '--change',
  watch: '--watch',
  config: '--config',
};

/**
 * The run-wide setting KEY names, in any case or separator: its option and its key in
 * spec-run.config.json, either null where there is none; undefined for no such setting.
 */
export function runSetting(key: string): { option: string | null; configKey: string | null } | undefined {
  const configKey = Object.keys(RUN_SETTINGS).find((name) => keyWords(name) === keyWords(key));
  if (configKey !== undefined) return { option: RUN_SETTINGS[configKey], configKey };
  const words = Object.keys(COMMAND_LINE_SETTINGS).find((name) => keyWords(name) === keyWords(key));
  return words === undefined ? undefined : { option: COMMAND_LINE_SETTINGS[words], configKey: null };
}

/** Where the run-wide setting SETTING is made, as the end of a sentence. */
function madeBy(setting: { option: string | null; configKey: string | null }): string {
  if (setting.configKey === null) return `${setting.option} sets it for a whole run, on the command line`;
  return `${setting.option ? `${setting.option} sets it for a whole run, as does` : 'it is set for a whole run by'} '${setting.configKey}' in spec-run.config.json`;
}

export function frontmatterValueProblems(doc: SpecDocument): Diagnostic[] {
  if (doc.metadataSource !== 'frontmatter') return [];
  const meta = doc.metadata;
  const at = (key: string, message: string): Diagnostic => ({ file: doc.path, line: doc.metadataLines?.[key] ?? 1, message, severity: 'error' });
  const problems: Diagnostic[] = [];
  for (const key of LISTS) {
    if (meta[key] !== undefined && !isStringList(meta[key])) problems.push(at(key, `frontmatter '${key}' must be a list of strings${typeof meta[key] === 'string' ? ` (written as a list: ${key}: ${flowList(String(meta[key]))})` : ''}`));
  }
  for (const key of NAMES) {
    if (meta[key] !== undefined && typeof meta[key] !== 'string') problems.push(at(key, `frontmatter '${key}' must be a string`));
  }
  for (const key of Object.keys(meta)) {
    const meant = mistypedSetting(key);
    const runWide = meant ? undefined : runSetting(key);
    if (meant && meta[meant] === undefined) problems.push(at(key, `frontmatter '${key}' is no field spec-run reads, so it is ignored: did you mean '${meant}'?`));
    else if (runWide) problems.push(at(key, `frontmatter '${key}' is no field spec-run reads, so it is ignored: ${madeBy(runWide)}`));
  }
  if (meta.borrow !== undefined && typeof meta.borrow !== 'boolean') problems.push(at('borrow', "frontmatter 'borrow' must be true or false (false: this document takes no definition from the other documents of its specification tree)"));
  const timing = meta['timing-sensitive'];
  if (timing !== undefined && typeof timing !== 'boolean' && !isStringList(timing)) {
    problems.push(at('timing-sensitive', "frontmatter 'timing-sensitive' must be true, false, or a list of unit names or headings"));
  }
  return problems;
}
