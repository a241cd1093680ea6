import { LANGUAGE, PASSWORD, chooseLanguageViaApi, expect, registerViaApi, test, uniqueEmail } from '../fixtures';
import { openAddTime } from '../support/dashboard';
import type { RunningServer } from '../support/server';
import { startOwnServer } from '../support/server';

let server: RunningServer | undefined;

test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

test('when the server stops mid-session the next add is said to be kept on the device, calmly (issue #39)', async ({ page }, testInfo) => {
  // Its own server, so stopping it leaves the other journeys alone.
  server = await startOwnServer();
  const learner = { email: uniqueEmail(testInfo), password: PASSWORD };
  await registerViaApi(page.request, learner, server.url);
  await chooseLanguageViaApi(page.request, LANGUAGE, server.url);

  await page.goto(`${server.url}/dashboard`);
  const dialog = await openAddTime(page, 'Listening');
  await dialog.getByLabel('Minutes').fill('15');
  await server.stop();

  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Saved on this device: it will be added when the server answers');
  await expect(dialog.getByText('Server unreachable, try again later')).toBeHidden();
});
