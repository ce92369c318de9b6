// Where spec-run keeps what outlives a run (SBCL core images, parsed documents, the
// containment probe): $SPEC_RUN_CACHE, else spec-run under the XDG cache directory.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function cacheDirectory(): string {
  // An empty variable is an unset one, as for the shell's own XDG lookups.
  if (process.env.SPEC_RUN_CACHE) return process.env.SPEC_RUN_CACHE;
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'spec-run');
}
