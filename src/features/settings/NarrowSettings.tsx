import { useState } from 'react';
import styled from 'styled-components';
import { useAppDispatch } from '@/api/hooks';
import { Modal } from '@/components/Modal';
import { ErrorText } from '@/components/StatusMessage';
import { SaveActions } from './SaveActions';
import { SECTIONS } from './registry';
import { SectionFields } from './SectionFields';
import { SectionIcon } from './SectionIcon';
import type { SectionId } from './registry';
import { draftDiscarded, sectionDiscarded } from './settingsSlice';
import type { SaveSettings } from './useSaveSettings';
import type { SettingsForm } from './useSettingsForm';
import { SectionButton } from './SectionButton';
import { useT } from '@/i18n/I18nProvider';

/**
 * Narrow screens: each section is a button opening a modal with its own Discard/Save pair.
 * The page renders this only while narrow, so widening the viewport unmounts (closes) the
 * modal while its drafts stay in the store for the wide layout.
 */
export function NarrowSettings({ form, saver }: { form: SettingsForm; saver: SaveSettings }) {
  const dispatch = useAppDispatch();
  const t = useT();
  const [open, setOpen] = useState<SectionId | null>(null);
  const section = SECTIONS.find((s) => s.id === open);

  const show = (id: SectionId | null) => {
    saver.clearError();
    setOpen(id);
  };
  const discard = (id: SectionId) => {
    saver.clearError();
    dispatch(sectionDiscarded(id));
  };
  // A drafted language comes first: the other sections show (and would save) that language's values.
  const save = async (id: SectionId) => {
    if (await saver.save(id === 'language' ? ['language'] : ['language', id])) setOpen(null);
  };

  const discardAll = () => {
    saver.clearError();
    dispatch(draftDiscarded());
  };

  return (
    <>
      <List>
        {SECTIONS.map(({ id, title }) => (
          <li key={id}>
            <OpenSection type="button" onClick={() => show(id)}>
              <SectionIcon section={id} />
              <Label>
                {t(title)}
                {form.changed[id] && <Unsaved>{t('settings.form.unsaved')}</Unsaved>}
              </Label>
              <Chevron aria-hidden="true">›</Chevron>
            </OpenSection>
          </li>
        ))}
      </List>
      {/* 'Unsaved changes' with Save in reach wherever the learner has scrolled (issue #31). */}
      {form.anyChanged && !section && (
        <ActionBar aria-label={t('settings.form.unsaved')}>
          <p>{t('settings.form.unsaved')}</p>
          {saver.error && <ErrorText>{saver.error}</ErrorText>}
          <SaveActions saving={saver.saving} onDiscard={discardAll} onSave={() => void saver.save(SECTIONS.map((s) => s.id))} />
        </ActionBar>
      )}
      {section && (
        <Modal
          title={t(section.title)}
          onClose={() => show(null)}
          footer={
            form.changed[section.id] && (
              <SaveActions
                saving={saver.saving}
                onDiscard={() => discard(section.id)}
                onSave={() => void save(section.id)}
              />
            )
          }
        >
          {saver.error && <ErrorText>{saver.error}</ErrorText>}
          <SectionFields section={section.id} form={form} />
        </Modal>
      )}
    </>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const OpenSection = styled(SectionButton)`
  gap: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.primary};
`;

const Label = styled.span`
  flex: 1;
  display: flex;
  flex-direction: column;
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Unsaved = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.regular};
`;

const Chevron = styled.span`
  font-size: ${({ theme }) => theme.font.size.xl};
  line-height: 1;
`;

const ActionBar = styled.section`
  position: sticky;
  bottom: 0;
  z-index: 10;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  padding-bottom: calc(${({ theme }) => theme.space.sm} + env(safe-area-inset-bottom));
  border-top: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius.md} ${({ theme }) => theme.radius.md} 0 0;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.modal};
  p {
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
  ${ErrorText} {
    flex-basis: 100%;
    margin: 0;
  }
`;
