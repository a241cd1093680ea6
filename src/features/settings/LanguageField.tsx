import { useGetLanguagesQuery } from '@/app/apiSlice';
import { Select, SelectField } from '@/components/Select';
import { ErrorText, Loading } from '@/components/StatusMessage';
import { ERRORS } from '@/lib/errorMessages';

interface LanguageFieldProps {
  id: string;
  value: string | null;
  onChange: (language: string) => void;
  /** The chosen (unsaved) language's stored values could not be read. */
  unsavedLanguageFailed: boolean;
}

/** Every language a learner may pick (spec 2: a select; its failure reads 'Error loading progress'). */
export function LanguageField({ id, value, onChange, unsavedLanguageFailed }: LanguageFieldProps) {
  const languages = useGetLanguagesQuery();

  if (languages.isError) return <ErrorText>Error loading progress</ErrorText>;
  if (!languages.data) return <Loading />;
  return (
    <>
      <SelectField>
        <label htmlFor={id}>Language you are learning</label>
        <Select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
          {languages.data.map(({ name }) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </SelectField>
      {unsavedLanguageFailed && <ErrorText>{ERRORS.UPDATING_UNSAVED_LANGUAGE_ERROR}</ErrorText>}
    </>
  );
}
