export const root: string;
export const CHROMIUM: string;
export function run(cmd: string, args: string[], opts?: object): void;
export function npx(name: string, args: string[], opts?: object): void;
export function buildWebIfNeeded(force?: boolean): void;
export function ensureChromium(): void;
