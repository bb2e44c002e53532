import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const noServer = { group: ['**/server/**', '../server', '../../server'], message: 'web and contracts never import the server.' };
const noWeb = { group: ['**/web/**', '../web', '../../web'], message: 'server and contracts never import the web client.' };
const noOrm = { group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/pglite'], message: 'Only *.repo.ts files and server/db know the database.' };
const noHttp = {
  group: ['fastify', 'fastify/*', '@fastify/*', '**/http', '**/http/*'],
  message: 'Services and server/core know nothing of HTTP: take an Actor (server/core/actor.ts) and a Transactor, not a request (ADR 0008).',
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'web/dist/**', 'data/**', 'artifacts/**', 'server/db/migrations/**', '.migrations-check-*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', setImmediate: 'readonly', window: 'readonly', document: 'readonly', navigator: 'readonly', localStorage: 'readonly', sessionStorage: 'readonly', fetch: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  // Import direction (docs/ARCHITECTURE.md): contracts <- server, contracts <- web.
  { files: ['contracts/**'], rules: { 'no-restricted-imports': ['error', { patterns: [noServer, noWeb] }] } },
  { files: ['web/**'], plugins: { 'react-hooks': reactHooks }, rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn', 'no-restricted-imports': ['error', { patterns: [noServer, noOrm] }] } },
  // The admin portal is one feature (docs/ARCHITECTURE.md, How to add a screen, 5): no other feature imports from it.
  {
    files: ['web/features/**'],
    ignores: ['web/features/admin/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer, noOrm, { group: ['**/features/admin', '**/features/admin/**', '../admin', '../admin/**'], message: 'Only the admin portal imports features/admin; move what is shared to components/ui or lib.' }] }] },
  },
  // The demo seed (server/seed, above the modules) writes its history's rows as the first start finds them.
  { files: ['server/**'], ignores: ['server/**/*.repo.ts', 'server/db/**', 'server/seed/**', 'server/**/*.test.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [noWeb, noOrm] }] } },
  { files: ['server/**/*.repo.ts', 'server/db/**', 'server/seed/**'], rules: { 'no-restricted-imports': ['error', { patterns: [noWeb] }] } },
  // Services know nothing of HTTP (ADR 0008): only *.routes.ts in a module may import fastify or server/http.
  { files: ['server/modules/**', 'server/core/**'], ignores: ['server/**/*.routes.ts', 'server/**/*.repo.ts', 'server/**/*.test.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [noWeb, noOrm, noHttp] }] } },
  { files: ['server/modules/**/*.repo.ts', 'server/core/**/*.repo.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [noWeb, noHttp] }] } },
);
