/**
 * Routes call the domain (issue #55): ESLint's zones fail a route file that imports db/ (types
 * included) or another route file, and let one that imports domain/, plugins/ and the schemas pass.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** ESLint's Node API (ESLint 8 ships no types): the part this test uses. */
interface LintMessage {
  ruleId: string | null;
  message: string;
}
interface ESLintApi {
  lintText(code: string, options: { filePath: string }): Promise<{ messages: LintMessage[] }[]>;
}
const { ESLint } = createRequire(import.meta.url)('eslint') as { ESLint: new (options: object) => ESLintApi };

/** The floor rule's messages for `code` linted as a route file. */
async function floorMessages(code: string): Promise<string[]> {
  // no-cycle walks the file's own path, which a probe has not; the floor rule needs only the imports.
  const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import/no-cycle': 'off' } } });
  const [result] = await eslint.lintText(code, { filePath: `${root}server/src/routes/probe.ts` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message);
}

it('a route importing db/, a db/ type or another route file fails ESLint', async () => {
  const messages = await floorMessages(
    [
      "import { pingDatabase } from '../db/health';",
      "import type { Account } from '../db/sessions';",
      "import { authRoutes } from './auth';",
      'export const probe = [pingDatabase, authRoutes] as const;',
      'export type Probe = Account;',
      '',
    ].join('\n'),
  );
  expect(messages).toHaveLength(3);
  expect(messages.filter((m) => m.includes('Routes call domain/ only'))).toHaveLength(2);
  expect(messages.filter((m) => m.includes('imports no other route file'))).toHaveLength(1);
}, 60_000);

it('a route importing domain/, plugins/ and routes/schemas.ts passes', async () => {
  const messages = await floorMessages(
    [
      "import { pingDatabase } from '../domain/health';",
      "import { rejectBody } from '../plugins/requests';",
      "import { publicErrors } from './schemas';",
      'export const probe = [pingDatabase, rejectBody, publicErrors] as const;',
      '',
    ].join('\n'),
  );
  expect(messages).toEqual([]);
}, 60_000);
