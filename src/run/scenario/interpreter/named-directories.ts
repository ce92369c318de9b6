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
