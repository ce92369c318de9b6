#!/usr/bin/env node
// Runs the runtime server on stdin/stdout until the client closes stdin.
import { serveStdio } from './server.js';

await serveStdio();
