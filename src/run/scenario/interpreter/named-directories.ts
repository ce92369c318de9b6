// The scenario's own relative paths and the run's directories: a scenario names its directories by paths from where
// spec-run exec is started (`spec-run exec proj/cfg/h.yaml`, `--project P`, "my configuration lives in `proj/cfg`"),
// and the run makes them under those names in a fresh directory it is started in. A path of the scenario's that starts
// with one of those names is read from there (the files a When places, the directory a Then says is printed); one that
// starts with no such name could be any directory, and is not.
import path from 'node:path';

/**
 * The directories the run made under the names the scenario gave them, relative to where spec-run exec was started:
 * the project's and the configuration file's paths and each directory above them there (`proj`, `proj/cfg` of
 * `spec-run exec proj/cfg/h.yaml`). A path of the scenario's own is read only where it starts with one of them: a
 * name the run never gave a directory (the project being the run's fresh directory itself) could be any.
 */
export function startNamed(places: { project: string; configDir: string; start?: string }): string[] {
  if (places.start === undefined) return [];
  const names = new Set<string>();
  for (const place of [places.project, places.configDir]) {
    const relative = path.relative(places.start, place);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) continue;
    const parts = relative.split(path.sep);
    parts.forEach((_, i) => names.add(parts.slice(0, i + 1).join('/')));
  }
  return [...names];
}

/** Whether NAME, a relative path of the scenario's, starts with a directory the run named (NAMED, from startNamed). */
export function fromNamed(name: string, named: readonly string[]): boolean {
  return named.includes(name.split('/')[0]);
}

/** What of the invocation decides the run's directories (when.ts's Invocation). */
export interface InvocationPlaces {
  config?: string;
  configDir?: string;
  project?: string;
}

/**
 * Where a run started in DIR has its configuration file, the configuration file's directory and the project, from
 * what the scenario says of spec-run exec's invocation (INVOCATION) and a project named by an absolute path in words
 * (PROJECT_NAMED, when.ts's `projectNamed`); CONFIG_NAME, the configuration file's name where only its directory is
 * said. STAND_INS: the run's directories standing for paths the scenario named absolutely, each with that path, the
 * longer first. The run's and the dry run's own (namedBeforeRun), so both say the same of a scenario's paths.
 */
export function placesIn(dir: string, invocation: InvocationPlaces, projectNamed?: string, configName?: string): { given?: string; configPath?: string; configDir: string; project: string; standIns: [string, string][] } {
  const inside = (relative: string) => {
    const resolved = path.resolve(dir, relative);
    return resolved === dir || resolved.startsWith(`${dir}${path.sep}`) ? resolved : null;
  };
  // A configuration said only by its directory has the name the scenario gives it elsewhere, or a name of the interpreter's.
  const given = invocation.config ?? (invocation.configDir === undefined ? undefined : path.posix.join(invocation.configDir, path.basename(configName ?? 'stop.yaml')));
  if (invocation.config !== undefined && invocation.configDir !== undefined && path.posix.dirname(path.posix.normalize(invocation.config)) !== path.posix.normalize(invocation.configDir))
    throw new Error(`the scenario says the configuration is ${invocation.config} and that it is in ${invocation.configDir}: which one does it mean?`);
  const configPath = given === undefined ? undefined : (inside(given) ?? path.join(dir, path.basename(given)));
  const configDir = configPath === undefined ? dir : path.dirname(configPath);
  // A project named by a path of another machine (`/tmp/p`) has a fresh directory stand for it.
  const project = invocation.project === undefined ? configDir : path.isAbsolute(invocation.project) ? path.join(dir, 'project') : (inside(invocation.project) ?? path.join(dir, 'project'));
  // The directories standing for paths the scenario named absolutely, the longer first (the project may lie in the configuration's).
  const standIns: [string, string][] = [];
  if (invocation.project !== undefined && path.isAbsolute(invocation.project) && project !== path.resolve(invocation.project)) standIns.push([project, path.resolve(invocation.project)]);
  else if (invocation.project === undefined && projectNamed !== undefined) standIns.push([project, path.resolve(projectNamed)]);
  if (configPath !== undefined && invocation.config !== undefined && path.isAbsolute(invocation.config) && inside(invocation.config) === null) standIns.push([configDir, path.dirname(path.resolve(invocation.config))]);
  standIns.sort(([a], [b]) => b.length - a.length);
  return { given, configPath, configDir, project, standIns };
}

/**
 * The directories a run of the invocation INVOCATION (and PROJECT_NAMED) gives names from where spec-run exec starts
 * (startNamed of its places, as a Then reads them), known before any run; null where the invocation is not one a run
 * could make (the configuration said in two places).
 */
export function namedBeforeRun(invocation: InvocationPlaces, projectNamed?: string): string[] | null {
  const dir = path.join(path.sep, 'spec-run-scenario-before');
  let places: ReturnType<typeof placesIn>;
  try {
    places = placesIn(dir, invocation, projectNamed);
  } catch {
    return null;
  }
  const named = (place: string) => places.standIns.reduce((text, [used, name]) => text.split(used).join(name), place);
  return startNamed({ project: named(places.project), configDir: named(places.configDir), start: named(dir) });
}

/** Why a path of the scenario's own (NAME) that names no directory of the run (NAMED, from startNamed) is not checked. */
export function unnamedReason(name: string, named: readonly string[]): string {
  const first = name.split('/')[0];
  return `not checked: \`${name}\` names no directory the scenario's When set up under that name (its named directories: ${named.length > 0 ? named.join(', ') : 'none'}); say where it is ("the configuration lives in \`${first}\`", \`--project ${first}\`)`;
}
