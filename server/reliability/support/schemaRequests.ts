/**
 * fast-check arbitraries for whole HTTP requests, derived from the OpenAPI document the server
 * publishes: every operation, with query and body values that are mostly plausible (so requests
 * reach the handlers) and often hostile (wrong types, out of range, junk keys, broken JSON).
 */
import fc from 'fast-check';
import { addDays } from '../../test/requests';

interface Schema {
  type?: string | string[];
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  pattern?: string;
  properties?: Record<string, Schema>;
}

interface Operation {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
}

export interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query: Record<string, Schema>;
  body: Schema | null;
}

export interface FuzzRequest {
  endpoint: Endpoint;
  url: string;
  payload: string | undefined;
  contentType: string | undefined;
  session: 'attacker' | 'none' | 'forged';
}

export function endpointsOf(doc: { paths: Record<string, Record<string, Operation>> }): Endpoint[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase() as Endpoint['method'],
      path,
      query: Object.fromEntries((op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
      body: op.requestBody?.content?.['application/json']?.schema ?? null,
    })),
  );
}

const today = new Date().toISOString().slice(0, 10);
const LANGUAGES = ['Spanish', 'French', 'Japanese', 'spanish', 'Klingon', "x'); drop table users; --", ''];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(-1, 0, 0.5, -0.0001, 1e308, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, '30', '', 'NaN', null, true, [], {}),
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

const dateValue = fc.oneof(
  fc.integer({ min: -800, max: 3 }).map((d) => addDays(today, d)),
  fc.constantFrom('2023-02-29', '2024-1-1', '2024-13-01', '0000-00-00', '9999-12-31', `${today}T00:00:00Z`, ' 2024-01-01'),
);

/** A plausible value for a named field of the given schema. */
function plausible(name: string, schema: Schema): fc.Arbitrary<unknown> {
  if (name === 'email') return fc.oneof(fc.emailAddress(), fc.constantFrom('victim@example.com', ' VICTIM@example.com '));
  if (name === 'password') return fc.string({ unit: 'grapheme', minLength: 0, maxLength: 110 });
  if (name === 'name' || name === 'language') return fc.constantFrom(...LANGUAGES);
  if (schema.pattern) return dateValue;
  switch (schema.type) {
    case 'integer': {
      const step = schema.multipleOf ?? 1;
      const [min, max] = [schema.minimum ?? -10, schema.maximum ?? 2000];
      return fc.integer({ min: Math.floor(min / step) - 1, max: Math.ceil(max / step) + 1 }).map((n) => n * step);
    }
    case 'number':
      return fc.integer({ min: -5, max: 120_000 });
    case 'boolean':
      return fc.boolean();
    default:
      return fc.string({ maxLength: 30 });
  }
}

const valueFor = (name: string, schema: Schema) => fc.oneof({ weight: 4, arbitrary: plausible(name, schema) }, { weight: 1, arbitrary: hostileValue });

const junkKeys = fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'userId', 'user_id', 'id', 'email', 'isAdmin'), hostileValue, {
  maxKeys: 2,
});

/** JSON text written by hand so that keys like __proto__ reach the server as real keys. */
function jsonText(entries: [string, unknown][]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;
}

function bodyArbitrary(schema: Schema): fc.Arbitrary<string> {
  const fields = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, s]) => [name, valueFor(name, s)]));
  const object = fc.tuple(fc.record(fields, { requiredKeys: [] }), fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: junkKeys }));
  return fc.oneof(
    { weight: 8, arbitrary: object.map(([known, junk]) => jsonText([...Object.entries(known), ...Object.entries(junk)])) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
    { weight: 1, arbitrary: hostileValue.map((v) => JSON.stringify(v)) },
  );
}

function queryArbitrary(query: Record<string, Schema>): fc.Arbitrary<string> {
  const fields = Object.fromEntries(Object.entries(query).map(([name, s]) => [name, valueFor(name, s)]));
  const extra = fc.oneof({ weight: 5, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('userId', 'user', 'id', 'date'), fc.string()) });
  return fc.tuple(fc.record(fields, { requiredKeys: [] }), extra).map(([known, more]) => {
    const pairs = Object.entries({ ...known, ...more }).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`);
    return pairs.length ? `?${pairs.join('&')}` : '';
  });
}

export function requestArbitrary(endpoints: Endpoint[]): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...endpoints).chain((endpoint) =>
    fc.record({
      endpoint: fc.constant(endpoint),
      url: queryArbitrary(endpoint.query).map((q) => `${endpoint.path}${q}`),
      payload: endpoint.body ? bodyArbitrary(endpoint.body) : fc.option(fc.constantFrom('{}', '{"userId":1}', 'null'), { nil: undefined }),
      contentType: fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded'),
      session: fc.constantFrom('attacker', 'attacker', 'attacker', 'none', 'forged'),
    }),
  ) as fc.Arbitrary<FuzzRequest>;
}
