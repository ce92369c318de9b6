// A user's module loaded anew (--watch, after an edit), with fresh instances of the local
// modules it imports: Node caches a module by URL, so the load's number goes into the URL
// of the module, and a resolve hook (hooks.ts) carries it on to every file the module
// imports outside node_modules. Shared packages (spec-run/steps among them) keep their
// one instance; so do CommonJS modules under node_modules. This module is imported natively, never from the CommonJS bundle, whose
// import() calls are require() calls.
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { forgetProjectModules } from './forget.js';
import { LOAD_PARAMETER } from './parameter.js';

let hooked = false;
/** The load whose CommonJS modules were last forgotten. */
let forgottenFor: string | null = null;

/**
 * FILE evaluated again as load LOAD, with the modules it imports from the project. STEPS:
 * where `spec-run/steps` is, for a project that does not have spec-run installed.
 */
export async function importFresh(file: string, load: string, steps: string): Promise<unknown> {
  if (!hooked) {
    register(new URL('./hooks.js', import.meta.url), { data: { steps: pathToFileURL(steps).href } });
    hooked = true;
  }
  // CommonJS modules are cached by path, not URL: the project's are forgotten, so a steps
  // file's require() (and the steps file itself, when it is CommonJS) reads them anew; once
  // a load, so that the steps files of one load share a module they both require.
  if (forgottenFor !== load) {
    forgetProjectModules();
    forgottenFor = load;
  }
  const url = pathToFileURL(file);
  url.searchParams.set(LOAD_PARAMETER, load);
  return import(url.href);
}
