#!/usr/bin/env node
console.error('spec-run: under construction');
process.exit(2);
