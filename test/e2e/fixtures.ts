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

/**
 * Waits until the app answers on a page that holds the server's screen of the dashboard (#32, #45),
 * which reads as the dashboard before the app's code has run: inert until the app starts hydrating
 * it, and React's only once hydration reached the header. The root gives up `inert` just before
 * React hydrates it in a transition: a click made meanwhile is replayed, but a choice in a
 * controlled <select> is put back to the drawn value (a CI run at 320 px chose a language there and
 * waited 60 s for its dialog). So this waits until React holds the header's controls too (its
 * props on the element). A page without the server's screen goes on at once.
 */
export async function appIsLive(page: Page): Promise<void> {
  if ((await page.locator('#root[data-server-screen]').count()) === 0 && (await page.locator('#root[inert]').count()) === 0) return;
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect
    .poll(() =>
      page.evaluate(() => {
        const control = document.querySelector('#root header select, #root header button');
        return control === null || Object.keys(control).some((key) => key.startsWith('__reactProps$'));
      }),
    )
    .toBe(true);
}

interface Fixtures {
  /**
   * Whether the page fixture's goto and reload wait for the app on a dashboard drawn by the server
   * (appIsLive): a journey acts on the app, not on the server's still screen. Off for a journey that
   * looks at that screen before the app takes it over, or stops the server in that moment.
   */
  waitForApp: boolean;
  /** A fresh signed-up learner still at the onboarding steps. */
  newLearner: Learner;
  /** A signed-up learner who chose a language and lands on the dashboard. */
  learner: Learner;
  /** Screenshot + axe check of what the page shows now. */
  review: (name: string) => Promise<void>;
  isPhone: boolean;
}

export const test = base.extend<Fixtures>({
  waitForApp: [true, { option: true }],
  page: async ({ page, waitForApp }, provide) => {
    if (waitForApp) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await appIsLive(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await appIsLive(page);
        return response;
      };
    }
    await provide(page);
  },
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
