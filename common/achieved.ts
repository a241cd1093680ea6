/**
 * Whether a day counts as achieved (spec 5), written once for both sides: the learner's own mark
 * when they gave one (ticked or unticked in the day's editor, or a file's answer on import), else
 * whether the day's total minutes reach the goal in force that day. The server's records, stats
 * (whose SQL server/test/shared-rules.test.ts checks against this), imports and reminder use it;
 * so does the app's day editor. A mark the learner gave always wins, either way.
 */

/** The learner's own answer for a day: true or false, or null when they gave none. */
export type AchievedMark = boolean | null;

/** Whether `totalMinutes` meet the goal: the rule for a day the learner gave no mark. */
export const reachesGoal = (totalMinutes: number, goalMinutes: number): boolean => totalMinutes >= goalMinutes;

/** The one achieved rule: the learner's own mark when they gave one, else total >= the goal in force. */
export const isAchieved = (mark: AchievedMark, totalMinutes: number, goalMinutes: number): boolean => mark ?? reachesGoal(totalMinutes, goalMinutes);

/**
 * The mark to keep for a day whose answer is `achieved`: none when the minutes and goal already
 * give that answer (so the day follows a later change of minutes), else the answer itself.
 * `isAchieved(markFor(a, t, g), t, g) === a` for every a, t, g.
 */
export const markFor = (achieved: boolean, totalMinutes: number, goalMinutes: number): AchievedMark =>
  achieved === reachesGoal(totalMinutes, goalMinutes) ? null : achieved;
