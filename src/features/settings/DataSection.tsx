import { useState, type ReactNode } from 'react';
import { API_PATHS } from '@common/apiPaths';
import styled from 'styled-components';
import { Button, ButtonAnchor } from '@/components/Button';
import { Card, PanelTitle } from '@/components/Card';
import { Modal } from '@/components/Modal';
import { useIsNarrow } from '@/components/useIsNarrow';
import type { ExportFormat } from '@common/schemas/data';
import { apiBaseUrl } from '@/lib/apiBaseUrl';
import { ImportDialog } from './ImportDialog';
import { SectionButton } from './SectionButton';

const exportUrl = (format: ExportFormat) => `${apiBaseUrl()}${API_PATHS.export}?format=${format}`;
const TITLE = 'Your data';

/** Both downloads; the server names the file (lingualog-export-<date>.json or .csv). */
function Downloads() {
  return (
    <>
      <ButtonAnchor href={exportUrl('json')} download $variant="secondary">
        Download JSON
      </ButtonAnchor>
      <ButtonAnchor href={exportUrl('csv')} download $variant="secondary">
        Download CSV
      </ButtonAnchor>
    </>
  );
}

function DataActions({ onImport }: { onImport: () => void }) {
  return (
    <>
      <Explanation>
        Download everything you logged, in every language, to keep a copy or move it elsewhere. Import a LinguaLog export or a
        Toggl Track CSV of time entries.
      </Explanation>
      <Actions>
        <Downloads />
        <Button onClick={onImport}>Import</Button>
      </Actions>
    </>
  );
}

/**
 * The narrow layout's button and modal. Rendered only while narrow, so widening the viewport
 * unmounts (closes) the modal, and turning narrow again shows it closed, like the other sections.
 */
function NarrowData({ actions }: { actions: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DataButton type="button" onClick={() => setOpen(true)}>
        <span>{TITLE}</span>
        <span aria-hidden="true">›</span>
      </DataButton>
      {open && (
        <Modal title={TITLE} onClose={() => setOpen(false)}>
          {actions}
        </Modal>
      )}
    </>
  );
}

/** Settings' "Your data": a card on wide screens, a section button opening a modal on narrow ones (like the others). */
export function DataSection() {
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
          <PanelTitle id="settings-data-title">{TITLE}</PanelTitle>
          {actions}
        </Card>
      )}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </>
  );
}

/** Inside the delete-account question: what is lost, and a last chance to keep a copy. */
export function DeleteAccountNote() {
  return (
    <>
      <Explanation>Every language&apos;s data will be gone: all days, goals, milestones and previous hours.</Explanation>
      <Actions>
        <ButtonAnchor href={exportUrl('json')} download $variant="secondary">
          Download my data first
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
