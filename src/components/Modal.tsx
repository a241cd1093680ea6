import { useEffect, useId, useRef } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { IconButton } from '@/components/Button';
import { media } from '@/styles/media';
import { useT } from '@/i18n/I18nProvider';

interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  footer?: ReactNode;
  size?: 'sm' | 'md';
  children?: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const focusablesIn = (root: HTMLElement) => Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));

/** Open dialogs, innermost last: only the innermost one answers the keyboard. */
const openDialogs: HTMLElement[] = [];

/**
 * An accessible modal dialog: focus stays inside while it is open, Escape or a click on the
 * backdrop closes it, and focus returns to whatever opened it.
 */
export function Modal({ title, onClose, footer, size = 'md', children }: ModalProps) {
  const t = useT();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // Kept in a ref so a parent re-render with a new onClose never re-runs the focus effect.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    if (!dialog) return;
    openDialogs.push(dialog);
    // A field marked data-initial-focus (e.g. the hours of add-time) goes before the close button.
    (dialog.querySelector<HTMLElement>('[data-initial-focus]') ?? focusablesIn(dialog)[0] ?? dialog).focus();

    // Listening on the document, not the dialog, keeps Escape and the focus trap working even
    // when focus has dropped to <body> (e.g. the focused button became disabled while saving).
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== dialog) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusablesIn(dialog);
      if (items.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (!dialog.contains(active)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && active === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openDialogs.splice(openDialogs.indexOf(dialog), 1);
      opener?.focus?.();
    };
  }, []);

  // A click outside closes the dialog only when it both starts and ends on the backdrop: a
  // selection dragged out of the dialog, or a stray press event alone, leaves it open.
  const pressedOnBackdrop = useRef(false);
  const onBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropMouseUp = (event: MouseEvent<HTMLDivElement>) => {
    if (pressedOnBackdrop.current && event.target === event.currentTarget) onCloseRef.current();
    pressedOnBackdrop.current = false;
  };

  return createPortal(
    <Backdrop onMouseDown={onBackdropMouseDown} onMouseUp={onBackdropMouseUp} data-testid="modal-backdrop">
      <Dialog
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        $size={size}
      >
        <Header>
          <Title id={titleId}>{title}</Title>
          <IconButton aria-label={t('common.close')} onClick={() => onCloseRef.current()}>
            <span aria-hidden="true">✕</span>
          </IconButton>
        </Header>
        <Body>{children}</Body>
        {footer && <Footer>{footer}</Footer>}
      </Dialog>
    </Backdrop>,
    document.body,
  );
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space.md};
  background: rgba(31, 22, 51, 0.55);
`;

const Dialog = styled.div<{ $size: 'sm' | 'md' }>`
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: ${({ $size }) => ($size === 'sm' ? '400px' : '560px')};
  /* Taller content scrolls inside the dialog so a 375x812 phone still reaches the footer. */
  max-height: calc(100dvh - 32px);
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.modal};
  &:focus { outline: none; }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.md} 0 ${theme.space.lg}`};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
`;

const Body = styled.div`
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `0 ${theme.space.lg} ${theme.space.lg}`};
  /* On a phone the buttons stand one under the other, each the dialog's width (a short Cancel
     beside a long "Stop and start Reading" wrapped into a ragged pair, issue #44). */
  ${media.narrow} {
    flex-direction: column;
    align-items: stretch;
  }
`;
