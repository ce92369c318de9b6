// The exit status is the run's verdict. Once a run has failed, nothing that runs after it
// (an 'exit' listener a steps file or the code it loads added, which Node calls before
// spec-run's own) may end the process with a lower status: process.exit(0) and Node's
// process.reallyExit(0) then exit with the verdict. process.exit ends through reallyExit, so
// that is where the status is kept (process.exit itself stays as the exit guard left it, whose
// refusal names the call as user code made it).

let verdict = 0;

/** From now on the process ends with STATUS at least, however it is asked to end. */
export function keepVerdict(status: number): void {
  if (verdict === 0 && status !== 0) install();
  if (status !== 0) verdict = status;
}

function install(): void {
  const internal = process as unknown as { reallyExit?: (code?: number) => never };
  const reallyExit = internal.reallyExit?.bind(process);
  if (reallyExit) internal.reallyExit = (code?: number) => reallyExit(lowered(code) ? verdict : code);
}

/** Whether CODE would end the process with a lower status than the verdict (none, 0). */
function lowered(code: unknown): boolean {
  const asNumber = code === undefined || code === null ? Number(process.exitCode ?? 0) : Number(code);
  return verdict !== 0 && (!Number.isFinite(asNumber) || asNumber === 0);
}
