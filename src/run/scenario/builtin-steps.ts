// The built-in executor steps from their bundle (cli/bundles.ts), registered as their
// native load registers them. A definition's place comes from a stack frame, which in the
// bundle names the bundle: the build records, in order, the place each registration has
// when steps/index.js is loaded as it stands (scripts/steps-places.mjs), both as Node
// gives it beside a source map (the TypeScript source, in a checkout) and without one (the
// compiled module, in an installed package, which holds no maps), and the bundle carries
// that record. Listings, diagnostics and the definitions a user's file is said to import
// name the same places either way.
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadBundle, STEPS_BUNDLE } from '../../cli/bundles.js';
import { collectRegistrations, type Registration } from '../../steps/index.js';

/** A place as the package holds it: a path relative to its root, '/'-separated. */
export interface PackagePlace {
  file: string;
  line: number;
}

/** Where one registration of the built-in steps is written, as the build found it. */
export interface BuiltPlace {
  /** What was registered (signature()): the bundle's registrations must be the same, in the same order. */
  signature: string;
  /** In the compiled module. */
  js: PackagePlace;
  /** In the TypeScript source, through the compiled module's source map; null when it has none. */
  ts: PackagePlace | null;
  /** Named as a file URL's path (percent-encoded), as registry.ts's definitions are; else as a path. */
  url: boolean;
}

/** The package's root directory: this module is dist/src/run/scenario/builtin-steps.js. */
const PACKAGE_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** What a registration registers, for matching the bundle's against the record. */
export function signature(r: Registration): string {
  const what =
    r.kind === 'step' ? [r.keyword, String(r.expression)] : r.kind === 'hook' ? [r.when, r.name ?? ''] : r.kind === 'parameter-type' ? [r.options.name] : r.kind === 'problem' ? [r.message] : [r.timeoutMs];
  return JSON.stringify([r.kind, ...what]);
}

/** The place of registration R, loaded natively, as the package holds it (the build's record). */
export function builtPlace(r: Registration): BuiltPlace['js'] & { url: boolean } {
  // A definition of the seed's `Then:` lists is placed by registry.ts, which names its file as a URL's path.
  const url = r.kind === 'step' && r.seedList === true;
  const absolute = fileURLToPath(new URL(`file://${url ? r.file : encodeURI(r.file)}`));
  return { file: relative(PACKAGE_ROOT, absolute).split(/[\\/]/).join('/'), line: r.line, url };
}

/** Whether Node maps the compiled module FILE to its source: its map stands beside it (a checkout's build). */
const mapped = new Map<string, boolean>();
function hasSourceMap(file: string): boolean {
  let known = mapped.get(file);
  if (known === undefined) mapped.set(file, (known = existsSync(resolve(PACKAGE_ROOT, `${file}.map`))));
  return known;
}

/** The place a native load names for PLACE: as its file is named in a stack frame. */
function nativePlace(place: BuiltPlace): { file: string; line: number } {
  const { file, line } = place.ts !== null && hasSourceMap(place.js.file) ? place.ts : place.js;
  const url = pathToFileURL(resolve(PACKAGE_ROOT, file)).pathname;
  return { file: place.url ? url : decodeURIComponent(url), line };
}

/** REGISTRATIONS (the bundle's) each at its recorded place; throws when they are not those recorded. */
export function placedAsBuilt(registrations: Registration[], places: BuiltPlace[]): Registration[] {
  const differs = registrations.length !== places.length || registrations.some((r, i) => signature(r) !== places[i].signature);
  if (differs) throw new Error(`the built-in steps' bundle (${STEPS_BUNDLE}) does not register what its record of places says: rebuild spec-run`);
  return registrations.map((r, i) => ({ ...r, ...nativePlace(places[i]) }));
}

/** Whether the build bundled the built-in steps (a build by tsc alone did not). */
export const builtinStepsBundled = (): boolean => existsSync(STEPS_BUNDLE);

/** The built-in steps' registrations, from a fresh evaluation of their bundle. */
export async function bundledBuiltinSteps(): Promise<Registration[]> {
  let places: BuiltPlace[] = [];
  const registrations = await collectRegistrations(async () => {
    // A definition's place is the record's: the stack trace each registering call takes for
    // it (formatted through Node's source maps) would go unused. The bundle's top level is
    // synchronous: nothing else runs meanwhile.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      places = loadBundle<{ places: BuiltPlace[] }>(STEPS_BUNDLE).exports.places;
    } finally {
      Error.stackTraceLimit = limit;
    }
  });
  return placedAsBuilt(registrations, places);
}
