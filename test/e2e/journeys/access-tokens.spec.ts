import { randomUUID } from 'node:crypto';
import { expect, test } from '../fixtures';

const WARNING = 'Copy it now: you will not see it again. Anyone with it can log time for you.';

test('a token made in Settings logs minutes from a script, shows its last use, and is refused once revoked', async ({ page, learner, review, baseURL }) => {
  // The token is minted with the password: one more slow hash on two shared cores.
  test.slow();
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Access tokens' });
  await section.getByLabel('Token name').fill('Node script');
  await section.getByLabel('What it may do').selectOption({ label: 'Log time' });
  await section.getByLabel('Your password').fill(learner.password);
  await section.getByRole('button', { name: 'Create' }).click();
  const field = section.getByLabel('Your new token');
  await expect(field).toHaveValue(/^lingualog_pat_[A-Za-z0-9_-]{43}$/);
  await expect(section.getByText(WARNING)).toBeVisible();
  await review('access-token-created');
  const token = await field.inputValue();
  const row = section.getByRole('listitem').filter({ hasText: 'Node script' });
  await expect(row).toContainText('Log time');
  await expect(row).toContainText('Never used');

  // A script elsewhere: no browser, no cookie, only the token.
  const today = new Date().toISOString().slice(0, 10);
  const call = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    fetch(`${baseURL}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
  const key = randomUUID();
  const add = () =>
    call('/api/user/daily-activity?language=Spanish', { method: 'POST', headers: { 'idempotency-key': key }, body: JSON.stringify({ date: today, listeningDailyMins: 25 }) });
  const first = await add();
  expect(first.status, await first.clone().text()).toBe(200);
  const retried = await add();
  expect(retried.status).toBe(200);
  expect(retried.headers.get('idempotent-replayed')).toBe('true');
  const read = await call(`/api/user/daily-activity?date=${today}`);
  expect(read.status).toBe(200);
  expect((await read.json()).totalDailyMins).toBe(25);

  await page.reload();
  await expect(row).toContainText('Last used');
  await expect(row).not.toContainText('Never used');
  await expect(page.getByText(token)).toHaveCount(0);

  await row.getByRole('button', { name: 'Revoke Node script' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke “Node script”?' });
  await review('access-token-revoke');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText('No access tokens yet.')).toBeVisible();
  const refused = await call(`/api/user/daily-activity?date=${today}`);
  expect(refused.status).toBe(401);
  expect((await refused.json()).error).toBe('UNAUTHENTICATED');
});
