/**
 * Requests that Node's HTTP parser rejects before Fastify sees them (malformed request line or
 * headers, headers over the size limit, a request that never finished arriving). Fastify's
 * default answers {"error":"Bad Request","statusCode":400}; these use the API's {error, message}.
 */
import type { Socket } from 'node:net';
import type { ApiErrorCode } from '@common/api-types';

const ANSWERS: Record<string, [number, string, ApiErrorCode, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'REQUEST_TIMEOUT', 'The request did not arrive in time.'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE', 'The request headers are too large.'],
};
const MALFORMED: [number, string, ApiErrorCode, string] = [400, 'Bad Request', 'INVALID_INPUT', 'The request is not valid HTTP.'];

export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, error, message] = (err.code && ANSWERS[err.code]) || MALFORMED;
  const body = JSON.stringify({ error, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
