/**
 * ESLint import resolver for the path aliases of tsconfig.json ('@/' = src/, '@common/' = common/),
 * so the import-boundary rules in .eslintrc.cjs see where an aliased import really points.
 * (A local file instead of eslint-import-resolver-typescript, whose native bindings break `npm ci`.)
 */
const { isBuiltin } = require('node:module');
const path = require('node:path');
const resolve = require('resolve');

const root = path.resolve(__dirname, '..');
const aliases = [
  ['@/', path.join(root, 'src') + path.sep],
  ['@common/', path.join(root, 'common') + path.sep],
];
const extensions = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'];

exports.interfaceVersion = 2;

exports.resolve = (source, file) => {
  // Node's own modules have no file (import/no-cycle would stat 'node:path').
  if (isBuiltin(source)) return { found: true, path: null };
  const alias = aliases.find(([prefix]) => source.startsWith(prefix));
  const request = alias ? alias[1] + source.slice(alias[0].length) : source;
  try {
    return { found: true, path: resolve.sync(request, { basedir: path.dirname(file), extensions }) };
  } catch {
    return { found: false };
  }
};
