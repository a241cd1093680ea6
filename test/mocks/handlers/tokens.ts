import { http, HttpResponse } from 'msw';
import { API_PATHS } from '@common/apiPaths';
import { ACCESS_TOKEN_PREFIX, MAX_TOKENS_PER_LEARNER, type AccessToken, type CreatedToken, type CreateToken } from '@common/schemas/tokens';
import { db, type MockDb } from '../db';
import { api, apiError, unauthenticated } from '../http';

/** The learner's tokens live beside the mock db: a reset db starts with none. */
const states = new WeakMap<MockDb, AccessToken[]>();

export function tokensState(): AccessToken[] {
  let tokens = states.get(db);
  if (!tokens) {
    tokens = [];
    states.set(db, tokens);
  }
  return tokens;
}

let minted = 0;

/** Personal access tokens of the contract's fourth edition (session calls only). */
export const tokenHandlers = [
  http.get(api(API_PATHS.tokens), () => (db.signedIn ? HttpResponse.json<AccessToken[]>(tokensState()) : unauthenticated())),
  http.post(api(API_PATHS.tokens), async ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const body = (await request.json()) as CreateToken;
    if (body.password !== db.password) return apiError(401, 'INVALID_CREDENTIALS', 'Incorrect password, try again');
    const name = body.name.trim();
    if (name === '' || name.length > 60) return apiError(400, 'INVALID_INPUT', 'Give the token a name of 1 to 60 characters.');
    const tokens = tokensState();
    if (tokens.length >= MAX_TOKENS_PER_LEARNER) return apiError(409, 'TOO_MANY_TOKENS', 'Too many tokens');
    minted += 1;
    const now = Date.now();
    const days = body.expiresInDays ?? null;
    const expiresAt = days === null ? null : new Date(now + days * 24 * 60 * 60 * 1000).toISOString();
    const token: AccessToken = { id: `token-${minted}`, name, scope: body.scope, createdAt: new Date(now).toISOString(), lastUsedAt: null, expiresAt };
    tokens.push(token);
    return HttpResponse.json<CreatedToken>({ ...token, token: `${ACCESS_TOKEN_PREFIX}${String(minted).padStart(43, 'x')}` }, { status: 201 });
  }),
  http.delete(api(`${API_PATHS.tokens}/:id`), ({ params }) => {
    if (!db.signedIn) return unauthenticated();
    const tokens = tokensState();
    states.set(
      db,
      tokens.filter((token) => token.id !== params.id),
    );
    return new HttpResponse(null, { status: 204 });
  }),
];
