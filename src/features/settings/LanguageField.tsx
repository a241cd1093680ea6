import { useGetLanguagesQuery } from '@/api/apiSlice';
import { Select, SelectField } from '@/components/Select';
import type { ReadResult } from '@/components/FailureNotice';
import { FailureNotice } from '@/components/FailureNotice';
import { Loading } from '@/components/StatusMessage';
import { useT } from '@/i18n/I18nProvider';

interface LanguageFieldProps {
  id: string;
  value: string | null;
  onChange: (language: string) => void;
  /** The chosen (unsaved) language's stored values, read without saving. */
  unsavedLanguageReads: ReadResult[];
}

/** Every language a learner may pick (spec 2: a select; its failure reads 'Error loading progress'). */
export function LanguageField({ id, value, onChange, unsavedLanguageReads }: LanguageFieldProps) {
  const languages = useGetLanguagesQuery();
  const t = useT();

  if (languages.isError) return <FailureNotice reads={[languages]} title={t('settings.language.loadError')} />;
  if (!languages.data) return <Loading />;
  return (
    <>
      <SelectField>
        <label htmlFor={id}>{t('settings.language.label')}</label>
        <Select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
          {languages.data.map(({ name }) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </SelectField>
      <FailureNotice reads={unsavedLanguageReads} />
    </>
  );
}
