import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const noServer = { group: ['**/server/**', '../server', '../../server'], message: 'web and contracts never import the server.' };
const noWeb = { group: ['**/web/**', '../web', '../../web'], message: 'server and contracts never import the web client.' };
const noOrm = { group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/pglite'], message: 'Only *.repo.ts files and server/db know the database.' };
const noHttp = {
  group: ['fastify', 'fastify/*', '@fastify/*', '**/http', '**/http/*'],
  message: 'Services and server/core know nothing of HTTP: take an Actor (server/core/actor.ts) and a Transactor, not a request (ADR 0008).',
};

const noModules = {
  group: ['**/modules', '**/modules/**'],
  message: 'core, http, db and lib sit below the modules and never import one: hand them what they need (the IdentityGate, AppContext.jobs).',
};
const noModuleInternals = { regex: '^\\.\\./(?!\\.\\.)[^/]+/.', message: "Another module's files are its own: import its face, '../<module>' (its index.ts)." };
const noRepo = { regex: '\\.repo$', message: "A route calls its module's services, never a repo." };
// The web's zones (docs/ARCHITECTURE.md, "How to add a screen", 5), bulletproof-react style: a feature imports
// web/components, web/lib, contracts and another feature's face (its index.ts), never another feature's files and
// never web/app (the shell above the features, which imports them); web/components and web/lib import no feature and
// not web/app. Imports are resolved from the importing file, so `../../wallet/api` and `../wallet/api` are the same.
const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), 'web');
const zoneOf = (file) => relative(webRoot, file).split(sep);
const webZones = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = zoneOf(context.filename);
    if (from[0] === '..' || !['features', 'components', 'lib'].includes(from[0])) return {};
    const check = (node) => {
      const spec = node?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = zoneOf(resolve(dirname(context.filename), spec));
      if (to[0] === 'app') {
        context.report({ node, message: 'web/app is the shell above the features: a feature, web/components or web/lib never imports it; move what is shared to web/components or web/lib.' });
      } else if (to[0] === 'features' && from[0] !== 'features') {
        context.report({ node, message: 'web/components and web/lib sit below the features and never import one.' });
      } else if (to[0] === 'features' && to[1] !== from[1] && to.length > 2 && !(to.length === 3 && to[2] === 'index')) {
        context.report({ node, message: `Another feature's files are its own: import its face, 'features/${to[1]}' (its index.ts).` });
      }
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
    };
  },
};

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['node_modules/**', 'web/dist/**', 'data/**', 'artifacts/**', 'server/db/migrations/**', '.migrations-check-*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setImmediate: 'readonly',
        window: 'readonly',
        document: 'readonly',
        navigator: 'readonly',
        localStorage: 'readonly',
        sessionStorage: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  // Import direction (docs/ARCHITECTURE.md): contracts <- server, contracts <- web.
  { files: ['contracts/**'], rules: { 'no-restricted-imports': ['error', { patterns: [noServer, noWeb] }] } },
  {
    files: ['web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn', 'no-restricted-imports': ['error', { patterns: [noServer, noOrm] }] },
  },
  // The web's zones (webZones above); each has a fixture that must fail lint (tests/architecture/lint-rules.test.ts).
  { files: ['web/features/**', 'web/components/**', 'web/lib/**'], plugins: { web: { rules: { zones: webZones } } }, rules: { 'web/zones': 'error' } },
  // The demo seed (server/seed, above the modules) writes its history's rows as the first start finds them.
  // Server layers (docs/ARCHITECTURE.md, "Layers and faces"); for each file the last block that matches holds its whole
  // list. Each rule has a fixture that must fail lint (tests/architecture/lint-rules.test.ts).
  // The demo seed (server/seed, above the modules) writes its history's rows as the first start finds them.
  { files: ['server/**'], ignores: ['server/**/*.repo.ts', 'server/db/**', 'server/seed/**', 'server/**/*.test.ts'], rules: restrict(noWeb, noOrm) },
  { files: ['server/**/*.repo.ts', 'server/db/**', 'server/seed/**'], rules: restrict(noWeb) },
  // Below the modules: core, http, db and lib never import one (a module's part is handed to them, e.g. the IdentityGate).
  { files: ['server/http/**', 'server/lib/**', 'server/context.ts', 'server/config.ts'], ignores: ['server/**/*.repo.ts', 'server/**/*.test.ts'], rules: restrict(noWeb, noOrm, noModules) },
  { files: ['server/http/**/*.repo.ts', 'server/db/**'], ignores: ['server/**/*.test.ts'], rules: restrict(noWeb, noModules) },
  // Services know nothing of HTTP (ADR 0008): only *.routes.ts in a module may import fastify or server/http.
  { files: ['server/core/**'], ignores: ['server/**/*.repo.ts', 'server/**/*.test.ts'], rules: restrict(noWeb, noOrm, noHttp, noModules) },
  { files: ['server/core/**/*.repo.ts'], rules: restrict(noWeb, noHttp, noModules) },
  // A module uses another through its face (its index.ts), never its files.
  { files: ['server/modules/**'], ignores: ['server/**/*.routes.ts', 'server/**/*.repo.ts', 'server/**/*.test.ts'], rules: restrict(noWeb, noOrm, noHttp, noModuleInternals) },
  { files: ['server/modules/**/*.repo.ts'], rules: restrict(noWeb, noHttp, noModuleInternals) },
  // A route calls its module's services, never a repo.
  { files: ['server/modules/**/*.routes.ts'], rules: restrict(noWeb, noOrm, noModuleInternals, noRepo) },
);
