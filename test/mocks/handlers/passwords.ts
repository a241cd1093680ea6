/**
 * A forgotten password and the signed-in change (contract, fourth edition). The one reset token
 * that works is MOCK_RESET_TOKEN, once; a reset ends the session, a change keeps it.
 */
import { http, HttpResponse } from 'msw';
import { API_PATHS } from '@common/apiPaths';
import type { PasswordChange, PasswordResetConfirm, PasswordResetRequest } from '@common/schemas/passwords';
import { db } from '../db';
import { api, apiError, unauthenticated } from '../http';

export const MOCK_RESET_TOKEN = 'mock-reset-token-0123456789abcdefghijklmnopq';

/** What the handlers saw, for tests that check what was sent. */
export const passwordCalls = { resetEmails: [] as string[], confirmTokens: [] as string[], tokenUsed: false, changes: [] as Partial<PasswordChange>[] };

export function resetPasswordCalls(): void {
  passwordCalls.resetEmails = [];
  passwordCalls.confirmTokens = [];
  passwordCalls.tokenUsed = false;
  passwordCalls.changes = [];
}

export const passwordHandlers = [
  http.post(api(API_PATHS.passwordReset), async ({ request }) => {
    passwordCalls.resetEmails.push(((await request.json()) as PasswordResetRequest).email);
    return HttpResponse.json({}, { status: 202 });
  }),
  http.post(api(API_PATHS.passwordResetConfirm), async ({ request }) => {
    const { token, password } = (await request.json()) as PasswordResetConfirm;
    passwordCalls.confirmTokens.push(token);
    if (token !== MOCK_RESET_TOKEN || passwordCalls.tokenUsed) return apiError(400, 'INVALID_TOKEN', 'Unknown, used or expired');
    if (password.length < 8) return apiError(400, 'INVALID_INPUT', 'Password must be between 8 and 100 characters');
    passwordCalls.tokenUsed = true;
    db.password = password;
    db.signedIn = false;
    return new HttpResponse(null, { status: 204 });
  }),
  http.post(api(API_PATHS.password), async ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const body = (await request.json()) as PasswordChange;
    const { currentPassword, newPassword } = body;
    passwordCalls.changes.push(body);
    if (currentPassword !== db.password) return apiError(401, 'INVALID_CREDENTIALS', 'The current password is not right');
    db.password = newPassword;
    return new HttpResponse(null, { status: 204 });
  }),
];
