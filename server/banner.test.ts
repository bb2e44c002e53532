import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { banner } from './banner';
import { DEMO_ACCOUNTS } from './seed/demo-data';

describe('start banner', () => {
  const runtime = { database: { kind: 'pglite' }, seedLines: [] } as unknown as Parameters<typeof banner>[1];
  it('in demo mode lists every demo account with its password on every start (issue 15: the log pointed to the README)', () => {
    const text = banner({ appUrl: 'http://localhost:5000', dataDir: './data', smtpUrl: undefined, demoSeed: true } as Parameters<typeof banner>[0], runtime, 1);
    for (const a of Object.values(DEMO_ACCOUNTS)) expect(text).toContain(`${a.email.padEnd(22)} ${a.password}`);
    expect(text).not.toContain('README');
  });
  it('README and banner agree: the README lists the accounts the log prints and says the log prints them (issue 15)', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const a of Object.values(DEMO_ACCOUNTS)) {
      expect(readme).toContain(a.email);
      expect(readme).toContain(a.password);
    }
    expect(readme).toMatch(/prints the same emails and\s+passwords in its log/);
  });
  it('outside demo mode prints no password', () => {
    const text = banner({ appUrl: 'https://mlm.example', dataDir: './data', smtpUrl: 'smtp://x', demoSeed: false } as Parameters<typeof banner>[0], runtime, 2);
    for (const a of Object.values(DEMO_ACCOUNTS)) expect(text).not.toContain(a.password);
  });
});
