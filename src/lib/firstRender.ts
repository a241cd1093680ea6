/**
 * Issue #32: what a server render of a screen cannot read from a browser, handed to it by the
 * server for the length of one synchronous render (src/ssr/dashboardScreen.tsx): the learner's
 * today in their time zone and day boundary (the server's clock runs in UTC), and whether the
 * page is for a phone (the server sees no window to measure). Unset in the browser, where the
 * hooks read the real clock and width.
 */
export interface FirstRender {
  today?: string;
  narrow?: boolean;
  /** The instant the server drew at (ms): a running timer's elapsed time is drawn for it (issue #45). */
  now?: number;
}

export const firstRender: FirstRender = {};
