/* ESLint 8 legacy config. One direction of imports in the SPA:
 * lib / components / styles -> features -> app; a feature never imports another feature;
 * browser code never imports server/, the server never imports src/. */
const features = ['auth', 'onboarding', 'dashboard', 'settings', 'insights'];

module.exports = {
  root: true,
  env: { es2023: true },
  parser: '@typescript-eslint/parser',
  parserOptions: { ecmaVersion: 'latest', sourceType: 'module' },
  plugins: ['@typescript-eslint', 'react-hooks', 'import'],
  extends: ['eslint:recommended', 'plugin:@typescript-eslint/recommended', 'plugin:react-hooks/recommended'],
  settings: {
    'import/resolver': { [require.resolve('./scripts/eslint-alias-resolver.cjs')]: {} },
  },
  ignorePatterns: ['dist', 'node_modules', 'coverage', 'test-results', 'playwright-report', 'data'],
  rules: {
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    '@typescript-eslint/consistent-type-imports': 'error',
    'no-restricted-imports': [
      'error',
      {
        paths: [
          { name: 'react-redux', importNames: ['useDispatch', 'useSelector'], message: 'Use useAppDispatch / useAppSelector from @/app/hooks.' },
        ],
      },
    ],
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
          { target: ['./src/lib', './src/components', './src/styles'], from: ['./src/features', './src/app'] },
          { target: './src', from: './server', message: 'Browser code never imports the server.' },
          { target: './server', from: './src', message: 'The server never imports the SPA.' },
          { target: './common', from: ['./src', './server'], message: 'common/ stands alone (no DOM or Node APIs).' },
        ],
      },
    ],
  },
  overrides: [
    // CommonJS by nature (ESLint loads these with require()).
    { files: ['*.cjs', 'scripts/**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
    { files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'], env: { browser: true } },
    { files: ['server/**/*.ts', 'scripts/**/*.mjs', 'scripts/**/*.cjs', 'test/e2e/**/*.ts', '*.config.ts', '.eslintrc.cjs'], env: { node: true } },
  ],
};
