/**
 * The JSON body parser: Fastify's own refuses a `__proto__` or `constructor.prototype` key with
 * "not valid JSON", which sends a client looking for a syntax error that is not there. This one
 * parses with secure-json-parse and says which key was refused (a key that could change the
 * prototype of every object on the server), keeping the other answers as they were.
 */
import { errorCodes, type FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { ApiHttpError } from './errors';

const REFUSED_KEYS = [
  { key: '__proto__', options: { protoAction: 'error', constructorAction: 'ignore' } },
  { key: 'constructor.prototype', options: { protoAction: 'ignore', constructorAction: 'error' } },
] as const;

export function parseJsonBody(text: string): unknown {
  if (text.length === 0) throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
  }
  if (value === null || typeof value !== 'object') return value;
  for (const { key, options } of REFUSED_KEYS) {
    try {
      secureJson.scan(value, options);
    } catch {
      throw new ApiHttpError(400, 'INVALID_INPUT', `The request body has a "${key}" key, which the server refuses: it could change how every object behaves.`);
    }
  }
  return value;
}

export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}
