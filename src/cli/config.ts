// The project configuration: spec-run.config.json, spec-run.config.yaml (.yml), or a
// "spec-run" key in package.json, looked up in the working directory and then in each
// directory above it up to the repository's root, as npm, git and tsc find theirs (or
// given with --config). Command-line options win over it. Unknown keys and bad values are
// errors that name the key.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { QUIET_YAML } from '../parse/yaml-options.js';
import { jsonError } from '../parse/json-error.js';
import { z } from 'zod';
import { meantWord } from '../model/edit-distance.js';
import { MAX_RETRIES } from '../model/plan.js';
import { parseSeconds } from './values.js';
import { parseReporterChoice } from './reporter-choice.js';

const positiveDuration = z.union([z.number().int().positive(), z.string()]).transform((value, context) => {
  try {
    return parseSeconds(String(value)) * 1000;
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});

const reporterChoice = z.string().transform((value, context) => {
  try {
    return parseReporterChoice(value);
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});

const schema = z
  .object({
    paths: z.array(z.string().min(1)).min(1).optional(),
    /** One reporter or several, each "name" (stdout) or "name:file". */
    reporter: z.preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(reporterChoice).min(1)).optional(),
    /** Fail the run when a requirement is neither verified nor excluded. */
    requireVerified: z.boolean().optional(),
    /** Requirements not expected to be verified: id ("file#name") or name -> reason. */
    requirements: z.object({ exclude: z.record(z.string(), z.string().min(1)) }).strict().optional(),
    timeout: positiveDuration.optional(),
    jobs: z.number().int().min(1).optional(),
    seed: z.number().int().min(0).optional(),
    runs: z.number().int().min(1).optional(),
    retries: z.number().int().min(0).max(MAX_RETRIES).optional(),
    /** The run record (failing units, document durations), relative to the configuration's directory. */
    lastRun: z.string().min(1).optional(),
    /** Documents' last durations that --shard balances by, relative to the configuration's directory. */
    timings: z.string().min(1).optional(),
    strict: z.boolean().optional(),
    bail: z.boolean().optional(),
    /** Docker image names used in documents mapped to local images. */
    images: z.record(z.string(), z.string().min(1)).optional(),
    /** Extra Lisp files loaded into every driver after the vocabulary. */
    vocabulary: z.array(z.string().min(1)).optional(),
    /** "builtin", or the command line of another MCP server to run the Lisp documents against. */
    runtime: z
      .union([z.literal('builtin'), z.array(z.string().min(1)).min(1)], {
        message: 'must be "builtin" or a command line as a list of words, such as ["node", "my-server.js"] (a string is not split into words)',
      })
      .optional(),
    /** The built-in executor steps: for every OpenSpec document (true), or those matching these globs, relative to the configuration. */
    executorSteps: z.union([z.boolean(), z.array(z.string().min(1)).min(1)]).optional(),
    /** Step definition files (globs) for OpenSpec scenarios, relative to the configuration. */
    steps: z.array(z.string().min(1)).optional(),
  })
  .strict();

export type ProjectConfig = z.output<typeof schema> & { source: string | null; directory: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The keys the configuration takes at PATH (the top level, or an object under it). */
function keysAt(path: PropertyKey[]): string[] {
  let shape: unknown = schema;
  for (const key of [...path, null]) {
    while (shape instanceof z.ZodOptional) shape = shape.unwrap();
    if (!(shape instanceof z.ZodObject)) return [];
    if (key === null) return Object.keys(shape.shape);
    shape = (shape.shape as Record<string, unknown>)[key as string];
  }
  return [];
}

/** " (did you mean 'k'?)" for the known key WRITTEN is a slip of (case aside, a third of its letters at most), else "". */
function didYouMean(written: string, known: string[]): string {
  const meant = meantWord(written, known);
  return meant ? ` (did you mean '${meant}'?)` : `; the keys are ${known.join(', ')}`;
}

function describeIssues(source: string, error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const key = issue.path.length ? issue.path.join('.') : '(top level)';
      if (issue.code === 'unrecognized_keys') {
        const known = keysAt(issue.path);
        return issue.keys.map((k) => `${source}: unknown key '${[...issue.path, k].join('.')}'${didYouMean(k, known)}`).join('\n');
      }
      return `${source}: '${key}': ${issue.message}`;
    })
    .join('\n');
}

function read(source: string): unknown {
  const text = readFileSync(source, 'utf8');
  // A JSON error is said at its line and column, which Node gives as a character position at best; YAML's say their place.
  const broken = source.endsWith('.json') ? jsonError(text) : null;
  if (broken) throw new ConfigError(`${source}:${broken.line}:${broken.column}: ${broken.message}`);
  try {
    if (source.endsWith('package.json')) return (JSON.parse(text) as Record<string, unknown>)['spec-run'];
    return source.endsWith('.json') ? JSON.parse(text) : parseYaml(text, QUIET_YAML);
  } catch (error) {
    throw new ConfigError(`${source}: ${(error as Error).message}`);
  }
}

/** The configuration's paths, relative to the working directory as if typed there (ids and names stay relative); null when it has none. */
export function configuredPaths(config: ProjectConfig): string[] | null {
  return config.paths ? config.paths.map((p) => relative(process.cwd(), resolve(config.directory, p)) || '.') : null;
}

/**
 * The documents a command reads when given no path: the configuration's paths, else the
 * project's specs/: beside the configuration when one was found above the working directory
 * (`npx spec-run` from specs/ runs the project's tree), else under the working directory.
 */
export function projectPaths(config: ProjectConfig): string[] {
  if (config.paths) return configuredPaths(config)!;
  if (config.source === null) return ['specs/'];
  const specs = relative(process.cwd(), resolve(config.directory, 'specs'));
  return [specs === '' ? '.' : `${specs}/`];
}

/** The configurations DIRECTORY holds, read (a package.json only with its "spec-run" key). */
export function configurationsIn(directory: string): { source: string; value: unknown }[] {
  const found: { source: string; value: unknown }[] = [];
  for (const name of ['spec-run.config.json', 'spec-run.config.yaml', 'spec-run.config.yml', 'package.json']) {
    const candidate = resolve(directory, name);
    if (!existsSync(candidate)) continue;
    const value = read(candidate);
    if (value !== undefined) found.push({ source: candidate, value });
  }
  return found;
}

/** A configuration's file as messages name it. */
export const configurationName = (source: string, directory: string) => (source.endsWith('package.json') ? `the "spec-run" key of ${relative(directory, source)}` : relative(directory, source));

/**
 * The configurations of the nearest directory holding one, from START upward: a command run
 * in a subdirectory of the project (specs/, an editor's terminal) reads the project's, not
 * none. The search stops at the repository's root (a directory holding .git), and does not
 * leave a directory a run of the project above would not search (node_modules, a
 * dot-directory): a project without a configuration of its own does not borrow one from a
 * directory it merely sits in. None: [].
 */
function nearestConfigurations(start: string): { source: string; value: unknown }[] {
  for (let directory = resolve(start); ; directory = dirname(directory)) {
    const found = configurationsIn(directory);
    const name = basename(directory);
    if (found.length > 0 || existsSync(join(directory, '.git')) || name.startsWith('.') || name === 'node_modules' || dirname(directory) === directory) return found;
  }
}

/** Says on stderr which configuration a command reads when it is one found above the working directory, not beside it. */
export function sayConfigurationAbove(config: ProjectConfig, explicit: string | undefined): void {
  if (explicit !== undefined || config.source === null || config.directory === resolve(process.cwd())) return;
  console.error(`spec-run: reading the project's configuration ${relative(process.cwd(), config.source)} (found above the working directory)`);
}

/** How to name the built-in runtime, said where a command line reads as its name. */
const BUILTIN_RUNTIME_HINT = 'the built-in runtime is named by the string: "runtime": "builtin"';

/**
 * The configured runtime as reports name it: "builtin", or its command line (a word holding a space
 * or quote shown as JSON). The command line ["builtin"], a slip for the built-in runtime, is shown as
 * the command it is, never as "builtin".
 */
export function runtimeName(config: Pick<ProjectConfig, 'runtime'>): string {
  if (!Array.isArray(config.runtime)) return 'builtin';
  const line = config.runtime.map((word) => (/[\s"']/.test(word) ? JSON.stringify(word) : word)).join(' ');
  return line === 'builtin' ? `["builtin"], a command named builtin, not the built-in runtime (${BUILTIN_RUNTIME_HINT})` : line;
}

/** Finds and validates the configuration; `explicit` is the --config path. A ConfigError says what is wrong; commands exit 2 on it (program.ts). */
export function loadConfig(explicit?: string, directory = process.cwd()): ProjectConfig {
  let source: string | null = null;
  let raw: unknown;
  if (explicit) {
    source = resolve(directory, explicit);
    if (!existsSync(source)) throw new ConfigError(`${explicit}: no such configuration file`);
    if (!statSync(source).isFile()) throw new ConfigError(`${explicit}: not a file: --config names a configuration file (spec-run.config.json, .yaml, or a package.json)`);
    raw = read(source);
  } else {
    const found = nearestConfigurations(directory);
    // Two of them: whichever spec-run chose, the other would be silently ignored.
    if (found.length > 1) throw new ConfigError(`several configurations: ${found.map((f) => configurationName(f.source, directory)).join(' and ')}; keep one (or name it with --config)`);
    if (found.length === 1) ({ source, value: raw } = found[0]);
  }
  if (source === null) return { source: null, directory };
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw new ConfigError(describeIssues(source, parsed.error));
  const base = dirname(source);
  // A reporter's file is relative to the configuration file, like its paths.
  const reporter = parsed.data.reporter?.map((choice) => (choice.destination === null ? choice : { ...choice, destination: resolve(base, choice.destination) }));
  return { ...parsed.data, reporter, source, directory: base };
}
