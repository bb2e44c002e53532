// npm start: builds the web client if needed, then runs the server (migrations and first-start seed included).
import { buildWebIfNeeded, run, root } from './lib.mjs';
import { join } from 'node:path';

buildWebIfNeeded();
run(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')]);
