import { useState, type ReactNode } from 'react';
import { API_PATHS } from '@common/apiPaths';
import styled from 'styled-components';
import { Button, ButtonAnchor } from '@/components/Button';
import { Card, PanelTitle } from '@/components/Card';
import { Modal } from '@/components/Modal';
import { useIsNarrow } from '@/components/useIsNarrow';
import type { ExportFormat } from '@common/schemas/data';
import { apiBaseUrl } from '@/lib/apiBaseUrl';
import { useT } from '@/i18n/I18nProvider';
import { ImportDialog } from './ImportDialog';
import { SectionButton } from './SectionButton';

const exportUrl = (format: ExportFormat) => `${apiBaseUrl()}${API_PATHS.export}?format=${format}`;

/** Both downloads; the server names the file (lingualog-export-<date>.json or .csv). */
function Downloads() {
  const t = useT();
  return (
    <>
      <ButtonAnchor href={exportUrl('json')} download $variant="secondary">
        {t('settings.data.downloadJson')}
      </ButtonAnchor>
      <ButtonAnchor href={exportUrl('csv')} download $variant="secondary">
        {t('settings.data.downloadCsv')}
      </ButtonAnchor>
    </>
  );
}

function DataActions({ onImport }: { onImport: () => void }) {
  const t = useT();
  return (
    <>
      <Explanation>{t('settings.data.explanation')}</Explanation>
      <Actions>
        <Downloads />
        <Button onClick={onImport}>{t('settings.data.import')}</Button>
      </Actions>
    </>
  );
}

/**
 * The narrow layout's button and modal. Rendered only while narrow, so widening the viewport
 * unmounts (closes) the modal, and turning narrow again shows it closed, like the other sections.
 */
function NarrowData({ actions }: { actions: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <DataButton type="button" onClick={() => setOpen(true)}>
        <span>{t('settings.data.title')}</span>
        <span aria-hidden="true">›</span>
      </DataButton>
      {open && (
        <Modal title={t('settings.data.title')} onClose={() => setOpen(false)}>
          {actions}
        </Modal>
      )}
    </>
  );
}

/** Settings' "Your data": a card on wide screens, a section button opening a modal on narrow ones (like the others). */
export function DataSection() {
  const t = useT();
  const narrow = useIsNarrow();
  // Held here, outside the layouts, so a viewport change mid-import never loses the dialog.
  const [importing, setImporting] = useState(false);
  const actions = <DataActions onImport={() => setImporting(true)} />;
  return (
    <>
      {narrow ? (
        <NarrowData actions={actions} />
      ) : (
        <Card aria-labelledby="settings-data-title">
          <PanelTitle id="settings-data-title">{t('settings.data.title')}</PanelTitle>
          {actions}
        </Card>
      )}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </>
  );
}

/** Inside the delete-account question: what is lost, and a last chance to keep a copy. */
export function DeleteAccountNote() {
  const t = useT();
  return (
    <>
      <Explanation>{t('settings.data.deleteNote')}</Explanation>
      <Actions>
        <ButtonAnchor href={exportUrl('json')} download $variant="secondary">
          {t('settings.data.downloadFirst')}
        </ButtonAnchor>
      </Actions>
    </>
  );
}

const Explanation = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const DataButton = styled(SectionButton)`
  justify-content: space-between;
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
