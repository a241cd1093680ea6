import type { ApiError, ApiErrorCode } from '@common/api-types';

/** Every mocked call lives under the same absolute base the SPA uses under jsdom. */
export const api = (path: string) => `${window.location.origin}/api${path}`;

/** An error answer in the contract's shape. A plain Response, so handlers keep their success type. */
export const apiError = (status: number, error: ApiErrorCode, message: string = error): Response =>
  new Response(JSON.stringify({ error, message } satisfies ApiError), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export const unauthenticated = () => apiError(401, 'UNAUTHENTICATED', 'Sign in first');
