// npm run dev: the API on :5000 (restarting on change, logging any answer off its contract) and Vite on :5173 with a proxy to it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib.mjs';

const bin = (n) => join(root, 'node_modules', '.bin', n);
const children = [
  spawn(bin('tsx'), ['watch', 'server/main.ts'], {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, APP_URL: process.env.APP_URL ?? 'http://localhost:5173', CHECK_RESPONSES: process.env.CHECK_RESPONSES ?? '1' },
  }),
  spawn(bin('vite'), [], { stdio: 'inherit', cwd: root }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
