import styled from 'styled-components';
import { useAppDispatch } from '@/api/hooks';
import { Card, PanelTitle } from '@/components/Card';
import { ErrorText } from '@/components/StatusMessage';
import { media } from '@/styles/media';
import { SaveActions } from './SaveActions';
import { SECTIONS } from './registry';
import { SectionFields } from './SectionFields';
import { draftDiscarded } from './settingsSlice';
import type { SaveSettings } from './useSaveSettings';
import type { SettingsForm } from './useSettingsForm';
import { useT } from '@/i18n/I18nProvider';

const ALL_SECTIONS = SECTIONS.map((s) => s.id);

/** Wide screens: every section on the page, one Discard/Save pair for all of them. */
export function WideSettings({ form, saver }: { form: SettingsForm; saver: SaveSettings }) {
  const dispatch = useAppDispatch();
  const t = useT();
  const discard = () => {
    saver.clearError();
    dispatch(draftDiscarded());
  };

  return (
    <>
      {/* Spec: errors appear above the form (or inside the modal on narrow screens). */}
      {saver.error && <ErrorText>{saver.error}</ErrorText>}
      <Grid>
        {SECTIONS.map(({ id, title }) => (
          <Card key={id} aria-labelledby={`settings-${id}-title`}>
            <PanelTitle id={`settings-${id}-title`}>{t(title)}</PanelTitle>
            <SectionFields section={id} form={form} />
          </Card>
        ))}
      </Grid>
      {form.anyChanged && (
        <SaveActions saving={saver.saving} onDiscard={discard} onSave={() => void saver.save(ALL_SECTIONS)} />
      )}
    </>
  );
}

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${media.desktop} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;
