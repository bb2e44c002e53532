import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { AppConfig } from '../config';

/** APP_SECRET when set (required in production); otherwise one generated once per data folder. */
export function resolveSecret(config: AppConfig): string {
  if (config.appSecret) return config.appSecret;
  const file = resolve(config.dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
