import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** How a command ended: its exit code, its standard output and error apart, and both as they came (`output`). */
export interface CommandRun {
  code: number | null;
  out: string;
  err: string;
  output: string;
}

/**
 * Runs one of the server's commands (`server/<script>.ts`, e.g. `keys-rotate`) as `npm run` does (tsx) in a process
 * of its own, from the repository's root, with exactly the environment `env` and the arguments `args`.
 */
export function runServerCommand(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<CommandRun> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(root, `server/${script}.ts`), ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let output = '';
    child.stdout.on('data', (c) => {
      out += c;
      output += c;
    });
    child.stderr.on('data', (c) => {
      err += c;
      output += c;
    });
    child.on('close', (code) => done({ code, out, err, output }));
  });
}
