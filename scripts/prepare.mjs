// npm's prepare script: what a clone needs before it is packed or used. Installed from git
// (`npm i git+https://…`), spec-run needs only the package itself, not its tests and
// benchmarks (about half of what the compiler does); the contributors' set-up asks for
// everything by SPEC_RUN_BUILD=all.
import { execFileSync } from 'node:child_process';

const script = process.env.SPEC_RUN_BUILD === 'all' ? 'build' : 'build:package';
execFileSync('npm', ['run', '-s', script], { stdio: 'inherit' });
