import type { UserLanguage } from '@common/api-types';
import { useGetUserLanguageQuery, useSetUserLanguageMutation } from '@/api/apiSlice';
import { LanguageField } from '../LanguageField';
import { defineSection } from './section';

/** The language learned: choosing another one shows that language's goal, previous hours and milestones. */
export const languageSection = defineSection<'language', string | null, UserLanguage>({
  id: 'language',
  title: 'settings.section.language',
  icon: ['M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18', 'M3 12h18', 'M12 3c3 3.5 3 14.5 0 18', 'M12 3c-3 3.5-3 14.5 0 18'],
  scope: 'choice',
  saveOrder: 0,
  transfer: { file: 'currentLanguage' },
  useSaved: useGetUserLanguageQuery,
  toDraft: (stored): string | null => stored.name,
  differs: (draft, stored) => draft !== stored.name,
  useSend() {
    const [setLanguage] = useSetUserLanguageMutation();
    return (name: string | null) => setLanguage({ name: name ?? '' }).unwrap();
  },
  errorKey: 'UPDATE_LANGUAGE_ERROR',
  Fields: ({ id, value, onChange, otherReads }) => (
    <LanguageField id={id} value={value} unsavedLanguageReads={otherReads} onChange={onChange} />
  ),
});
