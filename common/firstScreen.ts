/**
 * Issue #32: the dashboard's first facts as plain HTML, written by the server from the answers it
 * puts into the page, so a learner sees their language, total time and today's goal progress
 * before any script has run. It is a shell, not the app: the SPA's first render replaces it. The
 * page carries the server's render of the dashboard's own components instead whenever that build
 * is there (server/src/plugins/serverScreen.ts); this shell is its fallback.
 * The texts are the dashboard's own (TopBar, ProgressPanel, GoalWidget); a client test compares them.
 */
import { BRAND_NAME, levelHours } from './domain';

export interface FirstScreenAnswers {
  language?: { name: string };
  progress?: { totalOverallMins: number };
  previousHours?: { previousHours: number };
  dailyGoal?: { dailyGoalMinutes: number };
  todayMinutes?: { totalDailyMins?: number };
}

export interface FirstScreenFacts {
  language: string;
  totalHours: string;
  /** Today's progress toward the goal; null when the page has no answer for the learner's day (issue #44). */
  goal: { done: string; target: string; doneMins: number; goalMins: number } | null;
}

const hm = (totalMinutes: number) => {
  const whole = Math.max(0, Math.floor(totalMinutes));
  return `${Math.floor(whole / 60)}h ${whole % 60}m`;
};

/**
 * The three facts, or null when an answer they need is missing; the total's digits grouped as
 * `locale` (an Intl tag, English by default) groups them. Without today's minutes (a day the
 * learner's device has not named) the goal's progress is left out, not guessed.
 */
export function firstScreenFacts(a: FirstScreenAnswers, locale = 'en'): FirstScreenFacts | null {
  if (!a.language || !a.progress || !a.previousHours || !a.dailyGoal) return null;
  const goalMins = a.dailyGoal.dailyGoalMinutes;
  const doneMins = a.todayMinutes?.totalDailyMins ?? 0;
  return {
    language: a.language.name,
    totalHours: new Intl.NumberFormat(locale).format(levelHours(a.progress.totalOverallMins, a.previousHours.previousHours)),
    goal: a.todayMinutes ? { done: hm(doneMins), target: hm(goalMins), doneMins, goalMins } : null,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

// The dashboard's look in a few rules (src/styles/theme.ts), so the shell reads as the page it becomes.
const SHELL_STYLE = [
  // Over the page, out of its flow: when the shell goes, nothing below it moves (CLS 0).
  '.fs{position:absolute;top:0;left:0;right:0;z-index:1;min-height:100vh;font-size:1rem;line-height:1.5;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f1633;background:#f7f5fb}',
  // The app's global rules, so the page's own styles arriving later change nothing in the shell.
  '.fs,.fs *{box-sizing:border-box}',
  '.fs-bar{display:flex;align-items:center;gap:16px;padding:12px 16px;background:#fff;box-shadow:0 1px 3px rgba(31,22,51,.08),0 4px 12px rgba(31,22,51,.06)}',
  '.fs-brand{margin:0;font-size:1.25rem;font-weight:700;color:#6b3fa0}',
  '.fs-lang{margin:0;font-size:1.25rem;font-weight:700}',
  '.fs-main{display:flex;flex-direction:column;gap:16px;max-width:1100px;margin:0 auto;padding:16px}',
  '.fs-card{padding:16px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(31,22,51,.08),0 4px 12px rgba(31,22,51,.06)}',
  '.fs-row{display:flex;justify-content:space-between;margin:0 0 4px;font-size:.875rem;font-weight:500}',
  '.fs-track{height:14px;overflow:hidden;border-radius:999px;background:#efe7fa}',
  '.fs-fill{height:100%;border-radius:inherit;background:#6b3fa0}',
  '.fs-label{margin:0;font-weight:500;color:#5b5470}',
  '.fs-big{margin:0;font-size:2.5rem;font-weight:700;line-height:1.1;color:#6b3fa0}',
].join('');

/** The shell's words, in the page's locale (the server's catalogue, server.firstScreen.*). */
export interface FirstScreenTexts {
  dailyGoal: string;
  loading: string;
  /** The goal's progress read out: '1h 0m of 2h 0m'. */
  goalOf: (done: string, target: string) => string;
  progress: string;
  totalHours: string;
}

/** The shell's words in English, the dashboard's own. */
export const FIRST_SCREEN_ENGLISH: FirstScreenTexts = {
  dailyGoal: 'Daily goal',
  loading: 'Loading...',
  goalOf: (done, target) => `${done} of ${target}`,
  progress: 'Progress',
  totalHours: 'Total Hours',
};

/** The shell's markup: the top bar's brand and language, the goal's progress and the total hours. */
export function firstScreenHtml(facts: FirstScreenFacts, texts: FirstScreenTexts = FIRST_SCREEN_ENGLISH): string {
  const words = { dailyGoal: escapeHtml(texts.dailyGoal), loading: escapeHtml(texts.loading), progress: escapeHtml(texts.progress), totalHours: escapeHtml(texts.totalHours) };
  const { goal } = facts;
  const percent = goal && goal.goalMins > 0 ? Math.min(100, Math.round((goal.doneMins / goal.goalMins) * 100)) : 0;
  const goalCard = goal
    ? [
        `<section class="fs-card" aria-label="${words.dailyGoal}"><p class="fs-row"><span>${words.dailyGoal}</span><span>${goal.done} / ${goal.target}</span></p>`,
        `<div class="fs-track" role="progressbar" aria-label="${words.dailyGoal}" aria-valuemin="0" aria-valuemax="${goal.goalMins}" aria-valuenow="${Math.min(goal.doneMins, goal.goalMins)}" aria-valuetext="${escapeHtml(texts.goalOf(goal.done, goal.target))}"><div class="fs-fill" style="width:${percent}%"></div></div></section>`,
      ]
    : [`<section class="fs-card" aria-label="${words.dailyGoal}"><p class="fs-row"><span>${words.dailyGoal}</span><span>${words.loading}</span></p></section>`];
  return [
    `<style>${SHELL_STYLE}</style>`,
    '<div class="fs">',
    `<header class="fs-bar"><p class="fs-brand">${BRAND_NAME}</p><h1 class="fs-lang">${escapeHtml(facts.language)}</h1></header>`,
    '<main class="fs-main">',
    ...goalCard,
    `<section class="fs-card" aria-label="${words.progress}"><p class="fs-label">${words.totalHours}</p><p class="fs-big">${facts.totalHours}</p></section>`,
    '</main>',
    '</div>',
  ].join('');
}
