// Required first (`--require`) by every worker thread user code starts (stdout-guard.cts):
// all the code of such a thread is user code, whose writes to stdout go to stderr.
import { keepOffStdout } from './stdout-guard.cjs';

keepOffStdout(() => true, __filename);
