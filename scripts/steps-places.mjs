// Prints, as JSON, each registration of the built-in executor steps with its place, as
// their native load (steps/index.js as compiled) registers them: `--maps` with Node's
// source maps, as spec-run loads them in a checkout; without, as in an installed package,
// which holds no maps. Run by bundles.mjs, whose steps bundle carries the record
// (src/run/scenario/builtin-steps.ts).
import { collectRegistrations } from '../dist/src/steps/index.js';
import { builtPlace, signature } from '../dist/src/run/scenario/builtin-steps.js';

if (process.argv[2] === '--maps') process.setSourceMapsEnabled(true);
const registrations = await collectRegistrations(() => import('../dist/src/run/scenario/steps/index.js'));
process.stdout.write(JSON.stringify(registrations.map((r) => ({ signature: signature(r), ...builtPlace(r) }))));
