// An image name means that image: when the engine does not have it, it is pulled, once
// per process and image, before the command's container is created (its time limit
// starts with the command, not with the download). Progress goes to a terminal's
// stderr; a pull that fails is an infrastructure error naming the image and the
// registry's own answer.
import { spawn } from 'node:child_process';
import { execa } from 'execa';

export type PullOutcome = { ok: true; note?: string } | { ok: false; error: string; solutions: string[] };

/** A pull that has not finished by then is given up (a registry that never answers must not hang a run). */
const PULL_LIMIT_MS = 10 * 60 * 1000;

const pulls = new Map<string, Promise<PullOutcome>>();

/** Pulls IMAGE unless the engine has it; REQUESTED is the name the document used, for messages. */
export function pullIfMissing(image: string, requested = image): Promise<PullOutcome> {
  let pull = pulls.get(image);
  if (!pull) {
    pull = present(image).then((here) => (here ? { ok: true as const } : pullImage(image, requested)));
    pulls.set(image, pull);
    // A failed pull is tried again by the next command: the registry may answer then.
    void pull.then((outcome) => outcome.ok || pulls.delete(image));
  }
  return pull;
}

/**
 * The way to run REQUESTED on a local image, for what is running: spec-run exec reads no
 * spec-run.config.json (only --image-alias), spec-run's documents read it.
 */
export function localImageAdvice(requested: string, runBy: 'exec' | 'documents'): string {
  return runBy === 'exec'
    ? `or run ${requested} on a local image: spec-run exec --image-alias ${requested}=<local image>`
    : `or run ${requested} on a local image: "images": { "${requested}": "<local image>" } in spec-run.config.json`;
}

async function present(image: string): Promise<boolean> {
  return (await execa('docker', ['image', 'inspect', '--format', '{{.Id}}', image], { reject: false })).exitCode === 0;
}

function pullImage(image: string, requested: string): Promise<PullOutcome> {
  const started = Date.now();
  const terminal = process.stderr.isTTY === true;
  return new Promise((done) => {
    // On a terminal the engine's progress is shown as it comes; elsewhere only its answer is kept.
    const child = spawn('docker', ['pull', image], { stdio: ['ignore', terminal ? 2 : 'pipe', 'pipe'] });
    let answer = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      answer += chunk;
      if (terminal) process.stderr.write(chunk);
    });
    const limit = setTimeout(() => child.kill('SIGTERM'), PULL_LIMIT_MS);
    child.on('error', (error) => answer += error.message);
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      if (code === 0) return done({ ok: true, note: `image ${image} was not on this machine: pulled in ${((Date.now() - started) / 1000).toFixed(1)} s` });
      const why = signal ? `no answer within ${PULL_LIMIT_MS / 60_000} minutes` : answer.trim().split('\n').pop() || `docker pull exited with ${code}`;
      done({
        ok: false,
        error: `image ${image}${requested !== image ? ` (for ${requested})` : ''} is not on this machine and could not be pulled: ${why}`,
        solutions: [
          `pull it where a registry is reachable: docker pull ${image}`,
        ],
      });
    });
  });
}
