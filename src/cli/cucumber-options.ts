// cucumber-js's command-line options that spec-run names otherwise: a team moving its features
// here types them by habit, and "unknown option" alone (or commander's nearest spelling:
// `--import` → `--timeout`) sends it the wrong way.

const COUNTERPARTS: Record<string, string> = {
  '--require': '--steps <glob> (or "steps" in spec-run.config.json) names the step definition files; .js, .mjs, .cjs and .ts load as they are',
  '--import': '--steps <glob> (or "steps" in spec-run.config.json) names the step definition files; .js, .mjs, .cjs and .ts load as they are',
  '--require-module': 'none is needed: TypeScript steps files load as they are; for import aliases use package.json "imports" (#lib/*), which Node resolves itself',
  '--format': '--reporter <name[:file]> (tap, spec, junit, junit-units, json or html), repeatable, each to its own file',
  '--format-options': 'none: each reporter of --reporter has one form',
  '--name': '--grep <pattern> selects units by name',
  '--tags': '--tag <tag> selects documents by their frontmatter tags; --grep <pattern> selects scenarios by name',
  '--fail-fast': '--bail stops at the first failing check',
  '--parallel': '--jobs <n> runs documents in parallel',
  '--retry': '--retries <n> runs a failing unit again',
  '--profile': '--config <file> names the configuration file',
  '--world-parameters': 'none: a steps file sets up its world in a Before hook',
};

/** What spec-run calls what cucumber-js's option FLAG does, or undefined for an option of no such habit. */
export function cucumberCounterpart(flag: string): string | undefined {
  const name = flag.split('=')[0];
  return Object.hasOwn(COUNTERPARTS, name) ? `${name} is cucumber-js's option; in spec-run: ${COUNTERPARTS[name]}` : undefined;
}
