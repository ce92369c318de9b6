// A bare Node relay: its stdin handed to a child server as it comes, the child's stdout
// handed back, nothing read or parsed. In front of the peer it measures what one Node
// process hop costs a round trip, the floor of any server with Node in front.
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.pipe(child.stdin);
child.stdout.pipe(process.stdout);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
