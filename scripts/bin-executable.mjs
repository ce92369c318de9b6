// The files package.json names as executables are run directly (`npx spec-run`, a
// shell's PATH): the build writes them as plain files, so mark them executable here.
// npm does this when it installs a package, but not for the project it is run in.
import { chmodSync, readFileSync } from 'node:fs';

const { bin } = JSON.parse(readFileSync('package.json', 'utf8'));
for (const file of Object.values(bin)) chmodSync(file, 0o755);
