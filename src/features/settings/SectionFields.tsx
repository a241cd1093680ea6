import { useAppDispatch } from '@/api/hooks';
import { FailureNotice } from '@/components/FailureNotice';
import { Loading } from '@/components/StatusMessage';
import type { SectionId } from './registry';
import { sectionById } from './registry';
import { languageDrafted, sectionDrafted } from './settingsSlice';
import type { SettingsForm } from './useSettingsForm';

/** One section's fields (its descriptor's), bound to the drafts. Used in a wide-screen card or a narrow-screen modal. */
export function SectionFields({ section, form }: { section: SectionId; form: SettingsForm }) {
  const dispatch = useAppDispatch();
  const descriptor = sectionById(section);
  const id = `settings-${section}`;

  if (descriptor.scope === 'learner') {
    const read = form.readOf(section);
    if (read.isError) return <FailureNotice reads={[read]} />;
    if (form.valueOf(section) === null) return <Loading />;
  }
  if (descriptor.scope === 'language' && !form.languageValuesShown) {
    // Announced once, by whichever section shows it first.
    return form.unsavedLanguageFailed ? <FailureNotice reads={form.otherReads} /> : <Loading />;
  }

  const onChange = (value: unknown) => {
    if (section === 'language') dispatch(languageDrafted(value === form.savedLanguage ? null : (value as string)));
    else if (descriptor.scope !== 'choice') dispatch(sectionDrafted(section, descriptor.scope, value));
  };
  return <descriptor.Fields id={id} value={form.valueOf(section)} onChange={onChange} otherReads={form.otherReads} />;
}
