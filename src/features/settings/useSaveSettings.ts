import { useState } from 'react';
import { apiSlice } from '@/api/apiSlice';
import { useAppDispatch } from '@/api/hooks';
import type { ErrorKey } from '@/lib/errorMessages';
import { saveFailureMessage } from '@/lib/errorMessages';
import type { SectionId } from './registry';
import { SAVE_ORDER } from './registry';
import { sectionsSaved } from './settingsSlice';
import type { SettingsForm } from './useSettingsForm';

interface Step {
  section: SectionId;
  errorKey: ErrorKey;
  send: () => Promise<unknown>;
}

/**
 * The save sequence of spec 4: language (only when it differs), then daily goal, then previous
 * hours, then milestones, then the learner's own settings (the registry's `saveOrder`); the first
 * failure shows its message and sends none of the rest.
 * Every section is sent only when it differs from what is stored (for the language being saved):
 * re-sending an unchanged goal would start a needless goal period.
 * `sections` limits the save to some sections (a narrow-screen modal saves its own section, plus
 * the language first when another one is drafted, since the values shown belong to it).
 */
export function useSaveSettings(form: SettingsForm) {
  const dispatch = useAppDispatch();
  const senders = new Map<SectionId, (body: unknown) => Promise<unknown>>();
  // The registry is fixed, so these hooks run in the same order on every render.
  for (const section of SAVE_ORDER) senders.set(section.id, section.useSend());
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  /** The steps to send, or the message of a draft that cannot be sent (then nothing is sent). */
  function stepsFor(sections: SectionId[]): Step[] | string {
    const steps: Step[] = [];
    for (const section of SAVE_ORDER) {
      const value = form.valueOf(section.id);
      if (!sections.includes(section.id) || !form.changed[section.id] || value === null) continue;
      let body: unknown = value;
      if (section.prepare) {
        const prepared = section.prepare(value);
        if ('error' in prepared) return prepared.error;
        body = prepared.body;
      }
      const send = senders.get(section.id) as (body: unknown) => Promise<unknown>;
      steps.push({ section: section.id, errorKey: section.errorKey, send: () => send(body) });
    }
    return steps;
  }

  /** Resolves true when every step succeeded. */
  async function save(sections: SectionId[]): Promise<boolean> {
    setError(null);
    setSaved(false);
    const steps = stepsFor(sections);
    // The learner learns what to fix, and nothing of the save sequence is sent half-way.
    if (typeof steps === 'string') {
      setError(steps);
      return false;
    }
    setSaving(true);
    const done: SectionId[] = [];
    try {
      for (const step of steps) {
        try {
          await step.send();
        } catch (failure) {
          setError(saveFailureMessage(failure, step.errorKey));
          return false;
        }
        done.push(step.section);
      }
      setSaved(true);
      return true;
    } finally {
      // The saved sections' reads come back by their tags (apiSlice.ts); their drafts stay shown
      // until then, so the form never shows the old values in between.
      if (done.length > 0) await Promise.all(dispatch(apiSlice.util.getRunningQueriesThunk()));
      dispatch(sectionsSaved(done));
      setSaving(false);
    }
  }

  const clearError = () => {
    setError(null);
    setSaved(false);
  };
  /** `saved`: the last save succeeded and nothing was touched since, for the confirmation. */
  return { save, saving, error, saved, clearError };
}

export type SaveSettings = ReturnType<typeof useSaveSettings>;
