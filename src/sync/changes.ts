/**
 * What this tab did to the outbox since it last told the other tabs (triggers.ts): whether it
 * sent, refused or queued anything they should see, and the days of the adds it sent. Written by
 * the queue, the sender and the reconciler; read and emptied by the flusher after each drain.
 */
export function changeLog() {
  let changed = false;
  const sentDates = new Set<string>();
  return {
    /** Something the other tabs should see. */
    noteChange(): void {
      changed = true;
    },
    /** An add of `date` reached the server. */
    noteSent(date: string): void {
      changed = true;
      sentDates.add(date);
    },
    /** What to tell the other tabs, or null when nothing changed; the log starts over. */
    take(): string[] | null {
      const told = changed ? [...sentDates] : null;
      changed = false;
      sentDates.clear();
      return told;
    },
  };
}

export type ChangeLog = ReturnType<typeof changeLog>;
