/* ESLint 8 legacy config. One direction of imports in the SPA:
 * lib / components / styles -> api / sync (the core floor) -> features -> app (the composition
 * root); a feature never imports another feature;
 * browser code never imports server/, the server never imports src/.
 * The server's floors (docs/ARCHITECTURE.md): app -> routes -> transfer -> domain -> db, with
 * plugins beside routes; only db/ holds SQL. */
const features = ['auth', 'onboarding', 'dashboard', 'settings', 'insights', 'timer', 'reminder', 'tokens', 'imports'];
const server = (...dirs) => dirs.map((d) => `./server/src/${d}`);
const restrictedImports = {
  paths: [
    { name: 'react-redux', importNames: ['useDispatch', 'useSelector'], message: 'Use useAppDispatch / useAppSelector from @/api/hooks.' },
  ],
};
/* Kysely's query builders, sql`` and better-sqlite3's prepare: SQL is written in server/src/db/ only. */
const SQL_OUTSIDE_DB = 'SQL lives in server/src/db/ (a repository function); call it from here.';
/* Type-only packages are devDependencies: a value import would fail in production (npm ci --omit=dev). */
const typeOnly = ['json-schema-to-ts', '@fastify/type-provider-json-schema-to-ts'].map((name) => ({
  name,
  allowTypeImports: true,
  message: 'A devDependency: import its types only (import type).',
}));
const sqlImports = ['kysely', 'better-sqlite3', 'pg'].map((name) => ({ name, allowTypeImports: true, message: SQL_OUTSIDE_DB }));
/* The rules take what they need ({ db, now }: domain/context.ts), not the web framework, types included. */
const NOT_FASTIFY = 'The domain and transfer/ take { db, now } (domain/context.ts), never Fastify; HTTP stays in routes/ and plugins/.';
const sqlSyntax = [
  { selector: "CallExpression[callee.property.name=/^(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|with|transaction|prepare|executeQuery)$/]", message: SQL_OUTSIDE_DB },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: SQL_OUTSIDE_DB },
  { selector: "TaggedTemplateExpression[tag.object.name='sql']", message: SQL_OUTSIDE_DB },
];

/*
 * Nothing escapes translation (docs/TRANSLATING.md): in the folders already converted, a user-visible
 * text is a catalogue message (t('ns.key')), never a literal. ESLint's own no-restricted-syntax
 * (eslint-plugin-formatjs needs ESLint 9): JSX text with a letter, and string literals in the props
 * a user reads or hears and in JSX expressions. The list grows folder by folder as they are converted.
 */
const TRANSLATED = [
  'src/features/auth/**/*.tsx',
  'src/components/**/*.tsx',
  'src/features/settings/**/*.tsx',
  'src/features/dashboard/**/*.tsx',
  'src/features/onboarding/**/*.tsx',
  'src/features/insights/**/*.tsx',
  'src/features/timer/**/*.tsx',
  'src/features/tokens/**/*.tsx',
  'src/features/reminder/**/*.tsx',
  'src/app/*.tsx',
  'src/sync/*.tsx',
  'src/features/imports/**/*.tsx',
];
const VISIBLE_PROPS = '/^(aria-label|aria-description|aria-valuetext|title|placeholder|alt|label|legend|question|confirmLabel|intro|message|heading)$/';
/** A letter of the scripts we ship (Latin, Greek, Cyrillic, Arabic, kana, CJK), not a symbol such as ←, ✓ or ×. */
const LETTER = '/[A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F\\u0370-\\u04FF\\u0600-\\u06FF\\u3040-\\u30FF\\u4E00-\\u9FFF]/';
const UNTRANSLATED = 'A text the learner reads or hears comes from the catalogue: t(\'namespace.key\') (docs/TRANSLATING.md).';
/** A literal as a JSX child or prop value, directly or as a branch of `a ? 'x' : 'y'` / `a && 'x'` (not a t() call's key). */
const shown = (parent) => [
  `${parent} > Literal[value=${LETTER}]`,
  `${parent} > ConditionalExpression > Literal[value=${LETTER}]`,
  `${parent} > LogicalExpression > Literal[value=${LETTER}]`,
  `${parent} > TemplateLiteral > TemplateElement[value.raw=${LETTER}]`,
];
const untranslatedSyntax = [
  `JSXText[value=${LETTER}]`,
  ...shown(`JSXAttribute[name.name=${VISIBLE_PROPS}]`),
  ...shown(`JSXAttribute[name.name=${VISIBLE_PROPS}] > JSXExpressionContainer`),
  ...shown('JSXElement > JSXExpressionContainer'),
  ...shown('JSXFragment > JSXExpressionContainer'),
].map((selector) => ({ selector, message: UNTRANSLATED }));

module.exports = {
  root: true,
  env: { es2023: true },
  parser: '@typescript-eslint/parser',
  parserOptions: { ecmaVersion: 'latest', sourceType: 'module' },
  plugins: ['@typescript-eslint', 'react-hooks', 'import'],
  extends: ['eslint:recommended', 'plugin:@typescript-eslint/recommended', 'plugin:react-hooks/recommended'],
  settings: {
    'import/resolver': { [require.resolve('./scripts/eslint-alias-resolver.cjs')]: {} },
    'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  },
  ignorePatterns: ['dist', 'node_modules', 'coverage', 'test-results', 'playwright-report', 'data'],
  rules: {
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    '@typescript-eslint/consistent-type-imports': 'error',
    'no-restricted-imports': ['error', restrictedImports],
    'import/no-restricted-paths': [
      'error',
      {
        zones: [
          ...features.map((f) => ({
            target: `./src/features/${f}`,
            from: './src/features',
            except: [`./${f}`],
            message: 'A feature never imports another feature; move shared code to components/ or lib/.',
          })),
          { target: './src/features', from: './src/app', message: 'Features never import app/ (the composition root): the api slice, hooks and paths are in src/api, the outbox in src/sync.' },
          { target: ['./src/api', './src/sync'], from: ['./src/features', './src/app'], message: 'The core floor (api, sync) never imports a feature or the composition root; the store types are in @/api/storeTypes.' },
          { target: ['./src/lib', './src/components', './src/styles'], from: ['./src/features', './src/app', './src/api', './src/sync'], message: 'lib/, components/ and styles/ are the bottom floor: what needs the api slice or the outbox belongs in src/api or src/sync.' },
          { target: './src/i18n', from: ['./src/features', './src/app', './src/api', './src/sync', './src/lib', './src/components', './src/styles'], message: 'src/i18n (the catalogues, t and the formatters) is below every floor of the app: it imports only common/.' },
          { target: ['./src/app', './src/features', './src/api', './src/sync', './src/lib', './src/components', './src/styles', './src/i18n'], from: ['./src/main.tsx', './src/visitor.tsx', './src/sw.ts', './src/ssr', './src/prerender'], message: 'The entry points (main.tsx, visitor.tsx, sw.ts, ssr/, prerender/) start the app from above: nothing under them imports them.' },
          { target: './src', from: './server', message: 'Browser code never imports the server.' },
          // The server loads the SPA's render of the first screen built (dist/ssr); its test renders it from source.
          { target: './server', from: './src', except: ['./ssr'], message: 'The server never imports the SPA.' },
          { target: './server/src', from: './src/ssr', message: 'The server loads the render of the first screen built, from dist/ssr (serverScreen.ts).' },
          { target: './common', from: ['./src', './server'], message: 'common/ stands alone (no DOM or Node APIs).' },
          { target: server('db'), from: [...server('domain', 'transfer', 'routes', 'plugins'), './server/src/app.ts'], message: 'db/ is the lowest floor: it imports only common/ and itself.' },
          { target: server('domain'), from: [...server('transfer', 'routes'), './server/src/app.ts'], message: 'The domain never imports a higher floor.' },
          { target: server('domain', 'transfer'), from: server('plugins'), message: 'The rules never import plugins/: their errors are their own (domain/errors.ts).' },
          { target: server('transfer'), from: [...server('routes'), './server/src/app.ts'], message: 'transfer/ uses the domain and db, never routes/.' },
          { target: server('plugins'), from: [...server('routes', 'transfer'), './server/src/app.ts'], message: 'Plugins sit below the routes; they may use the domain and db.' },
          { target: server('routes'), from: './server/src/app.ts', message: 'Routes never import the app.' },
          { target: server('routes'), from: server('db'), message: 'Routes call domain/ only (types included): add the call, or re-export the read, in domain/.' },
          { target: server('routes'), from: server('routes'), except: ['./schemas.ts'], message: 'A route file imports no other route file: shared HTTP helpers are in plugins/ (plugins/requests.ts), shared rules in domain/.' },
          { target: ['./server/src/app.ts', ...server('routes', 'transfer', 'plugins', 'domain', 'db')], from: ['./server/src/server.ts', './server/src/config.ts', ...server('cli')], message: 'server.ts, config.ts and cli/ start the server or a command from above: nothing under them imports them.' },
        ],
      },
    ],
  },
  overrides: [
    // CommonJS by nature (ESLint loads these with require()).
    { files: ['*.cjs', 'scripts/**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
    { files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'], env: { browser: true } },
    { files: ['server/src/**/*.ts', 'common/**/*.ts', 'src/**/*.{ts,tsx}'], rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: typeOnly }] } },
    {
      files: ['server/src/**/*.ts'],
      excludedFiles: ['server/src/db/**'],
      rules: {
        'no-restricted-syntax': ['error', ...sqlSyntax],
        '@typescript-eslint/no-restricted-imports': [
          'error',
          { paths: [...typeOnly, ...sqlImports] },
        ],
      },
    },
    {
      files: ['server/src/domain/**/*.ts', 'server/src/transfer/**/*.ts'],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          { paths: [...typeOnly, ...sqlImports, { name: 'fastify', message: NOT_FASTIFY }], patterns: [{ group: ['@fastify/*'], message: NOT_FASTIFY }] },
        ],
      },
    },
    // No import cycle on either side (nor in common/): each floor's modules form a tree of imports.
    { files: ['server/src/**/*.ts', 'src/**/*.{ts,tsx}', 'common/**/*.ts'], rules: { 'import/no-cycle': 'error' } },
    { files: TRANSLATED, rules: { 'no-restricted-syntax': ['error', ...untranslatedSyntax] } },
    { files: ['server/**/*.ts', 'scripts/**/*.mjs', 'scripts/**/*.cjs', 'test/e2e/**/*.ts', '*.config.ts', '.eslintrc.cjs'], env: { node: true } },
  ],
};
