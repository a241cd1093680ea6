/**
 * The file a lingualog-json import accepts: the export's own schema (exportFileSchema, which the
 * writer is typed by), relaxed only where files written by older exports differ. Compiled once
 * with Ajv, the validator Fastify uses for requests, so the file and its reader cannot drift apart.
 */
import { Ajv, type ErrorObject } from 'ajv';
import type { FromSchema } from 'json-schema-to-ts';
import { exportFileSchema } from '@common/schemas/data';

const exported = exportFileSchema;
const exportedLanguage = exported.properties.languages.items;
const exportedDay = exportedLanguage.properties.days.items;

/** The listed keys leave `required`; the rest of the list stays as literal types, so FromSchema sees them. */
function optional<const R extends string, const K extends R>(required: readonly R[], keys: readonly K[]) {
  return required.filter((key): key is Exclude<R, K> => !(keys as readonly string[]).includes(key));
}

export const lingualogImportSchema = {
  ...exported,
  // Older exports wrote neither the rest days nor these three; a file without them imports as it is.
  required: optional(exported.required, ['exportedAt', 'email', 'currentLanguage', 'restDays']),
  properties: {
    ...exported.properties,
    // The import reads neither, so a file whose instant or address was edited by hand still imports.
    exportedAt: {},
    email: {},
    languages: {
      ...exported.properties.languages,
      items: {
        ...exportedLanguage,
        properties: {
          ...exportedLanguage.properties,
          // A day without "achieved" takes the answer its minutes and the goal give.
          days: { ...exportedLanguage.properties.days, items: { ...exportedDay, required: optional(exportedDay.required, ['achieved']) } },
        },
      },
    },
  },
} as const;
export type ImportFile = FromSchema<typeof lingualogImportSchema>;
export type ImportedLanguage = ImportFile['languages'][number];
export type ImportedDay = ImportedLanguage['days'][number];

// The options app.ts gives Fastify's Ajv for requests, but every error: a learner fixing a file sees all its problems at once.
const ajv = new Ajv({ allErrors: true, coerceTypes: false, removeAdditional: false, allowUnionTypes: true });
const validate = ajv.compile(lingualogImportSchema);

export type Path = (string | number)[];
export const pointerOf = (path: Path) => path.map((p) => `/${p}`).join('');

/** The ways `value` differs from the import schema; none when it is an ImportFile. */
export function schemaErrors(value: unknown): ErrorObject[] {
  return validate(value) ? [] : (validate.errors ?? []);
}

/** Which parts of the file Ajv found sound, so the rules beyond the schema read only those. */
export class SoundParts {
  private readonly broken = new Set<string>();
  private readonly holdsBroken = new Set<string>();

  constructor(errors: ErrorObject[]) {
    for (const error of errors) {
      // An unknown field leaves the known ones readable; a missing one is broken where it would be.
      if (error.keyword === 'additionalProperties') continue;
      const pointer = error.keyword === 'required' ? `${error.instancePath}/${String(error.params.missingProperty)}` : error.instancePath;
      this.broken.add(pointer);
      for (let at = pointer; !this.holdsBroken.has(at); at = at.slice(0, at.lastIndexOf('/'))) {
        this.holdsBroken.add(at);
        if (at === '') break;
      }
    }
  }

  /** The value at `path` has the schema's type (its contents may still be broken). */
  isAt(path: Path): boolean {
    return !this.broken.has(pointerOf(path));
  }

  /** The value at `path` and everything in it match the schema. */
  isSound(path: Path): boolean {
    return !this.holdsBroken.has(pointerOf(path));
  }
}
