// What a driver that could not run at all says: the fix `spec-run doctor` gives, before the
// process's own words. Reached for real only when a core image was made while SBCL was
// installed and its key is remembered (no `sbcl --version` runs then): the text is tested.
import t from 'tap';
import { missingProgram } from '../../../src/run/lisp/driver.js';

t.test("the driver's program not found: the fix, naming the program", async (t) => {
  t.equal(
    missingProgram('unshare: failed to execute sbcl: No such file or directory\n'),
    'SBCL is not installed here (sbcl was not found): apt-get install sbcl, or set SPEC_RUN_SBCL to its path (spec-run doctor lists what else this machine lacks); ',
  );
  t.equal(missingProgram('fatal error in SBCL: heap exhausted\n'), '', 'any other end of the process: nothing added');
});
