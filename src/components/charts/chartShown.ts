import { createContext } from 'react';

/**
 * Issue #45: whether the chart's panel is on screen. A phone shows one tab at a time and keeps the
 * others mounted but hidden; a chart there draws (and loads victory) only once its tab is shown.
 */
export const ChartShown = createContext(true);
