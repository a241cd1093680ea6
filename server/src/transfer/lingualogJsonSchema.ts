/**
 * The file a lingualog-json import accepts: the export's own schema (exportFileSchema, which the
 * writer is typed by), relaxed only where files written by older exports differ. Compiled once
 * with Ajv, the validator Fastify uses for requests, so the file and its reader cannot drift apart.
 */
import { Worker } from 'node:worker_threads';
import { Ajv, type ErrorObject, type Options } from 'ajv';
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
const AJV_OPTIONS: Options = { allErrors: true, coerceTypes: false, removeAdditional: false, allowUnionTypes: true };
/** Stops at the first error: a sound file (the usual case) is known as such in one pass, here. */
const isImportFile = new Ajv({ ...AJV_OPTIONS, allErrors: false }).compile(lingualogImportSchema);
/** More errors than any list of problems shows (1,000 at most) needs. */
const ERROR_CAP = 5000;

export type Path = (string | number)[];
export const pointerOf = (path: Path) => path.map((p) => `/${p}`).join('');

/**
 * The ways a file differs from the import schema, in document order: none when it is an
 * ImportFile. `complete` is false when there were more than ERROR_CAP (only the first are listed)
 * or too many to list at all (none are): the file is then refused on those alone.
 */
export type SchemaCheck = { errors: ErrorObject[]; complete: boolean };

/**
 * Checks `value` (parsed from `text`). A sound file is known here in one pass; a broken one is
 * listed on a worker thread, since its errors may be millions (a file of wrong values).
 */
export async function schemaErrors(text: string, value: unknown): Promise<SchemaCheck> {
  if (isImportFile(value)) return { errors: [], complete: true };
  return schemaThread.errorsOf(text);
}

type ThreadAnswer = { id: number; errors?: ErrorObject[]; complete?: boolean; failed?: true };

/** One thread for the whole process, started by the first broken file; it never keeps the process alive. */
class SchemaThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, (answer: ThreadAnswer) => void>();
  private nextId = 0;

  errorsOf(text: string): Promise<SchemaCheck> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      // A thread that failed or ran out of memory lists nothing: the file has more problems than can be listed.
      this.pending.set(id, (answer) => resolve({ errors: answer.errors ?? [], complete: answer.complete ?? false }));
      this.thread().postMessage({ id, text });
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./schemaWorker.mjs', import.meta.url), {
      execArgv: [],
      workerData: { schema: lingualogImportSchema, options: AJV_OPTIONS, cap: ERROR_CAP },
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    worker.unref();
    worker.on('message', (answer: ThreadAnswer) => {
      const settle = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      settle?.(answer);
    });
    const lost = () => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const [id, settle] of this.pending) settle({ id, failed: true });
      this.pending.clear();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    this.worker = worker;
    return worker;
  }
}

const schemaThread = new SchemaThread();

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
