import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { test as base, expect } from '@playwright/test';

export { expect };

export const SHOTS_DIR = '/tmp/shots';
export const PASSWORD = 'correct horse 42';
export const LANGUAGE = 'Spanish';

export interface Learner {
  email: string;
  password: string;
}

let counter = 0;

/** A never-used email, unique across workers, projects and runs. */
export function uniqueEmail(testInfo: TestInfo): string {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${testInfo.workerIndex}${counter}`;
  return `e2e-${testInfo.project.name}-${stamp}@example.com`;
}

/** Signs up through the API (of `origin`, else the base URL); the cookie lands in the page's context, so the page is signed in. */
export async function registerViaApi(request: APIRequestContext, learner: Learner, origin = ''): Promise<void> {
  const answer = await request.post(`${origin}/api/auth/register`, { data: learner });
  const hint = answer.status() === 429 ? ' (the server limits sign-ups per IP: the run needs a relaxed limit)' : '';
  expect(answer.status(), `${await answer.text()}${hint}`).toBe(201);
}

export async function chooseLanguageViaApi(request: APIRequestContext, name: string, origin = ''): Promise<void> {
  const answer = await request.post(`${origin}/api/user/language`, { data: { name } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/**
 * Screenshot to /tmp/shots/<project>-<screen>.png for the lead's visual review, then an axe
 * scan in which any serious or critical violation fails the test (after the journey ends).
 */
export async function checkScreen(page: Page, testInfo: TestInfo, screen: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${testInfo.project.name}-${screen}.png`, fullPage: true });
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking.map((v) => {
    const nodes = v.nodes.slice(0, 3).map((n) => n.target.join(' '));
    const more = v.nodes.length > 3 ? `\n  ...and ${v.nodes.length - 3} more` : '';
    return `${v.impact} ${v.id}: ${v.help}\n  ${nodes.join('\n  ')}${more}\n  ${v.nodes[0]?.failureSummary ?? ''}`;
  });
  // Soft, so one run reports every screen's violations and the rest of the journey too.
  expect.soft(report, `accessibility violations on the ${screen} screen`).toEqual([]);
}

interface Fixtures {
  /** A fresh signed-up learner still at the onboarding steps. */
  newLearner: Learner;
  /** A signed-up learner who chose a language and lands on the dashboard. */
  learner: Learner;
  /** Screenshot + axe check of what the page shows now. */
  review: (name: string) => Promise<void>;
  isPhone: boolean;
}

export const test = base.extend<Fixtures>({
  newLearner: async ({ page }, provide, testInfo) => {
    const learner = { email: uniqueEmail(testInfo), password: PASSWORD };
    await registerViaApi(page.request, learner);
    await provide(learner);
  },
  learner: async ({ page, newLearner }, provide) => {
    await chooseLanguageViaApi(page.request, LANGUAGE);
    await provide(newLearner);
  },
  review: async ({ page }, provide, testInfo) => {
    await provide((name) => checkScreen(page, testInfo, name));
  },
  isPhone: async ({ viewport }, provide) => {
    await provide((viewport?.width ?? 1280) < 640);
  },
});
