// A local image for machines that reach no registry: Debian's busybox-static with
// symlinks for the applets commands use, imported as an image. Documents' image names
// run on it only where the user maps them (`images:` in the configuration,
// `--image-alias` of `spec-run exec`): an image name otherwise means that image.
// A label records the applet set, so an image built with fewer applets is rebuilt.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, copyFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';

export const LOCAL_IMAGE = 'spec-run/busybox:local';

const APPLETS = [
  'sh', 'ash', 'sleep', 'echo', 'yes', 'cat', 'seq', 'head', 'tail', 'ls', 'kill', 'env', 'true', 'false', 'printf', 'wc', 'dd',
  'grep', 'sed', 'awk', 'tr', 'cut', 'sort', 'uniq', 'date', 'id', 'whoami', 'ps', 'pwd', 'mkdir', 'rm', 'cp', 'mv', 'touch', 'test',
  '[', 'expr', 'nproc', 'free', 'timeout', 'usleep', 'ip', 'ping', 'wget', 'nc', 'find', 'xargs', 'tee', 'basename', 'dirname', 'readlink', 'hostname',
  'uname', 'which', 'stat', 'chmod', 'ln', 'du', 'df', 'md5sum', 'sha256sum', 'base64', 'mktemp', 'realpath', 'rmdir', 'tac', 'rev', 'nl', 'od', 'diff', 'cmp', 'sync', 'mkfifo',
];

/**
 * Alpine's busybox has `printenv`; Debian's busybox-static has not: the same as a
 * script (every variable, or the values of those named, status 1 when one is unset).
 */
const PRINTENV = `#!/bin/sh
[ $# -eq 0 ] && exec env
status=0
for name in "$@"; do
  case "$name" in *[!A-Za-z0-9_]*|'') status=1; continue ;; esac
  if eval "[ \\"\\\${$name+set}\\" = set ]"; then eval "printf '%s\\n' \\"\\\$$name\\""; else status=1; fi
done
exit $status
`;

const LABEL = 'spec-run.image-version';
const imageVersion = createHash('sha256').update(APPLETS.join(' ')).update(PRINTENV).digest('hex').slice(0, 12);

/** Finds busybox on PATH (Debian's busybox-static installs /bin/busybox). */
async function findBusybox(): Promise<string> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).concat(['/bin', '/usr/bin'])) {
    const candidate = path.join(dir, 'busybox');
    const probe = await execa(candidate, ['true'], { reject: false });
    if (probe.exitCode === 0) return candidate;
  }
  throw new Error('busybox not found: install the busybox-static package (apt-get install busybox-static)');
}

/** The version label of `tag`, or null when the image does not exist. */
async function installedVersion(tag: string): Promise<string | null> {
  const inspect = await execa('docker', ['image', 'inspect', tag, '--format', `{{index .Config.Labels "${LABEL}"}}`], { reject: false });
  return inspect.exitCode === 0 ? inspect.stdout.trim() : null;
}

/**
 * Builds `tag` with `docker import` unless an image of the current applet set exists.
 * Returns whether it built one.
 */
export async function ensureLocalImage(tag = LOCAL_IMAGE): Promise<{ built: boolean; tag: string }> {
  if ((await installedVersion(tag)) === imageVersion) return { built: false, tag };
  const busybox = await findBusybox();
  const root = await mkdtemp(path.join(os.tmpdir(), 'spec-run-image-'));
  try {
    const tree = path.join(root, 'tree');
    await mkdir(path.join(tree, 'bin'), { recursive: true });
    for (const dir of ['tmp', 'workspace', 'etc']) await mkdir(path.join(tree, dir), { recursive: true });
    await copyFile(busybox, path.join(tree, 'bin', 'busybox'));
    for (const applet of APPLETS) await symlink('busybox', path.join(tree, 'bin', applet));
    await writeFile(path.join(tree, 'bin', 'printenv'), PRINTENV, { mode: 0o755 });
    // `--user nobody` needs the name to exist in the image.
    await writeFile(path.join(tree, 'etc', 'passwd'), 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/bin/false\n');
    await writeFile(path.join(tree, 'etc', 'group'), 'root:x:0:\nnogroup:x:65534:\n');
    const archive = path.join(root, 'image.tar');
    await execa('tar', ['-C', tree, '-cf', archive, '.']);
    await execa('docker', ['import', '--change', 'ENV PATH=/bin', '--change', 'CMD ["/bin/sh"]', '--change', `LABEL ${LABEL}=${imageVersion}`, archive, tag]);
    return { built: true, tag };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
