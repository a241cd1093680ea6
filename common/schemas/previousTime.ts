/** Hours studied before using the tracker, per language. */
import Type from 'typebox';
import { PREVIOUS_HOURS_MAX, PREVIOUS_HOURS_STEP } from '../domain';

const hours = Type.Integer({ minimum: 0, maximum: PREVIOUS_HOURS_MAX, multipleOf: PREVIOUS_HOURS_STEP });

export const previousTimeSchema = Type.Object({ previousHours: hours }, { additionalProperties: false });
/** The answer of every previous-time call, and the body that sets it. */
export type PreviousTime = Type.Static<typeof previousTimeSchema>;
