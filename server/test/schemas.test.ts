/**
 * One declaration per API shape (docs/decisions/0001-api-shapes.md): every /api route takes its
 * request and answer schemas from a common/schemas module, the same objects the SPA's types come
 * from, and documents only error codes that are sent with the status it lists them under.
 * A schema written in a route file, even an exact copy, fails here.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { API_ERRORS, errorSchema, type ApiErrorCode } from '@common/schemas/errors';
import { progressSchema } from '@common/schemas/progress';
import { describeDb, testAppForFile } from './helper';

const routes = vi.hoisted(() => [] as RouteOptions[]);

// The docs plugin is registered on the root instance before any route: the earliest place to watch routes being added.
vi.mock('../src/plugins/docs', async (importOriginal) => {
  const { registerDocs } = await importOriginal<{ registerDocs: (app: FastifyInstance) => Promise<void> }>();
  return {
    registerDocs: async (app: FastifyInstance) => {
      app.addHook('onRoute', (route) => {
        routes.push(route);
      });
      await registerDocs(app);
    },
  };
});

const sharedModules: Record<string, Record<string, unknown>> = import.meta.glob('../../common/schemas/*.ts', { eager: true });
const sharedSchemas = Object.values(sharedModules).flatMap((module) => Object.values(module)).filter(isObject);
const shared = new Set<unknown>(sharedSchemas);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The members that make a schema's shape: everything but its words. */
const shapeKeys = (schema: Record<string, unknown>) => Object.keys(schema).filter((key) => key !== 'description');

/**
 * A schema from common/schemas: one of its exports, the same with a route's own description
 * (`{ ...schema, description }`, whose nested members stay the very same objects), or an array of one.
 */
function isShared(schema: unknown): boolean {
  if (shared.has(schema)) return true;
  if (!isObject(schema)) return false;
  const keys = shapeKeys(schema);
  const redescribed = sharedSchemas.some((candidate) => {
    const candidateKeys = shapeKeys(candidate);
    return (
      candidateKeys.some((key) => isObject(candidate[key])) &&
      candidateKeys.length === keys.length &&
      candidateKeys.every((key) => candidate[key] === schema[key])
    );
  });
  return redescribed || (schema.type === 'array' && keys.length === 2 && isShared(schema.items));
}

/** Problems of an error answer: not the shared error shape, or a code listed under a status it is never sent with. */
function errorAnswerProblems(status: number, schema: unknown): string[] {
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
  if (!isObject(schema) || schema.required !== errorSchema.required || properties.message !== errorSchema.properties.message) {
    return [`${status} is not the error shape of common/schemas/errors`];
  }
  const codes = (isObject(properties.error) && Array.isArray(properties.error.enum) ? properties.error.enum : []) as ApiErrorCode[];
  if (codes.length === 0) return [`${status} lists no error code`];
  return codes.filter((code) => API_ERRORS[code]?.status !== status).map((code) => `${status} lists ${code}, which is sent with ${API_ERRORS[code]?.status}`);
}

function routeProblems(route: RouteOptions): string[] {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const problems = ['body', 'querystring', 'params', 'headers']
    .filter((part) => schema[part] !== undefined && !isShared(schema[part]))
    .map((part) => `${part} is not from common/schemas`);
  const responses = isObject(schema.response) ? schema.response : {};
  const statuses = Object.keys(responses).map(Number);
  if (!statuses.some((status) => status >= 200 && status < 300)) problems.push('no success answer schema');
  for (const status of statuses) {
    if (status < 400 && !isShared(responses[status])) problems.push(`answer ${status} is not from common/schemas`);
    if (status >= 400) problems.push(...errorAnswerProblems(status, responses[status]));
  }
  return problems;
}

const apiRoutes = () => routes.filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD');

describeDb('API shapes come from common/schemas', () => {
  const ctx = testAppForFile();

  it('every documented call was seen being registered', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const { paths } = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    const documented = Object.entries(paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const seen = apiRoutes().map((route) => `${String(route.method)} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(seen.sort()).toEqual(documented.sort());
  });

  it('every /api route validates, answers and documents with schemas from common/schemas', () => {
    const problems = apiRoutes()
      .flatMap((route) => routeProblems(route).map((problem) => `${String(route.method)} ${route.url}: ${problem}`));
    expect(problems).toEqual([]);
  });
});

describe('the shared-schema check', () => {
  it('refuses a copy of a shared schema written out again', () => {
    expect(isShared(structuredClone(progressSchema))).toBe(false);
    expect(isShared({ ...progressSchema, properties: { ...progressSchema.properties } })).toBe(false);
  });

  it('accepts a shared schema, with a description of its own or as array items', () => {
    expect(isShared(progressSchema)).toBe(true);
    expect(isShared({ ...progressSchema, description: 'Totals' })).toBe(true);
    expect(isShared({ type: 'array', items: progressSchema, description: 'Every one' })).toBe(true);
  });

  it('refuses an error answer that lists a code under another status', () => {
    const answer = { ...errorSchema, properties: { ...errorSchema.properties, error: { type: 'string', enum: ['INVALID_INPUT', 'NO_LANGUAGE'] } } };
    expect(errorAnswerProblems(400, answer)).toEqual(['400 lists NO_LANGUAGE, which is sent with 409']);
  });
});
