/** The learner's day boundary (contract, fifth edition): the hour at which their day ends, read and saved. */
export { readDayEndsAtHour, saveDayEndsAtHour } from '../db/dayBoundary';
