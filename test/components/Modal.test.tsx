import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/Button';
import { Modal } from '@/components/Modal';
import { renderWithTheme } from './renderWithTheme';

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      {open && (
        <Modal title="Add Listening Time" onClose={close} footer={<Button>Save</Button>}>
          <label htmlFor="h">Hours</label>
          <input id="h" />
        </Modal>
      )}
    </>
  );
}

async function openModal(onClose?: () => void) {
  const view = renderWithTheme(<Harness onClose={onClose} />);
  await view.user.click(screen.getByRole('button', { name: 'Open' }));
  return view;
}

describe('Modal', () => {
  it('is a modal dialog named by its title and focuses its first control', async () => {
    await openModal();
    const dialog = screen.getByRole('dialog', { name: 'Add Listening Time' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Add Listening Time' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab cycling inside the dialog', async () => {
    const { user } = await openModal();
    const close = screen.getByRole('button', { name: 'Close' });
    const save = screen.getByRole('button', { name: 'Save' });
    await user.tab();
    expect(screen.getByLabelText('Hours')).toHaveFocus();
    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
  });

  it('closes on Escape and returns focus to the button that opened it', async () => {
    const onClose = vi.fn();
    const { user } = await openModal(onClose);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('closes on a click on the backdrop but not on a click inside the dialog', async () => {
    const onClose = vi.fn();
    const { user } = await openModal(onClose);
    await user.click(screen.getByLabelText('Hours'));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open when a press on the backdrop is released inside the dialog (not a click outside)', async () => {
    const onClose = vi.fn();
    const { user } = await openModal(onClose);
    await user.pointer([
      { keys: '[MouseLeft>]', target: screen.getByTestId('modal-backdrop') },
      { keys: '[/MouseLeft]', target: screen.getByLabelText('Hours') },
    ]);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes with the close icon button', async () => {
    const onClose = vi.fn();
    const { user } = await openModal(onClose);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
