import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IMPORT_MAX_BYTES } from '@common/schemas/data';
import { ImportDialog } from '@/features/settings/ImportDialog';
import { seedSignedInLearner } from '../../mocks/db';
import { renderWithProviders } from '../../utils';
import { recordRequests } from './helpers';

describe('import dialog: the size limit', () => {
  it("refuses, with its own message, a file under 5 MiB whose request (the JSON-escaped text) is over the server's limit", async () => {
    seedSignedInLearner('Spanish');
    const log = recordRequests();
    const { user } = renderWithProviders(<ImportDialog onClose={vi.fn()} />);
    // Every quote is escaped to two bytes in the request: 3 MiB of them are 6 MiB sent.
    const text = '"'.repeat(3 * 1024 * 1024);
    expect(text.length).toBeLessThan(IMPORT_MAX_BYTES);
    await user.upload(screen.getByLabelText('File'), new File([text], 'quotes.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is too large to import (at most 5 MB); export a shorter period.');
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
    expect(log).toEqual([]);
  });
});
