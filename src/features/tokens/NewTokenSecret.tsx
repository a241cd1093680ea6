import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import type { CreatedToken } from '@common/schemas/tokens';
import { Button } from '@/components/Button';
import { SuccessText } from '@/components/StatusMessage';
import { scopeLabel } from './tokenTexts';
import { useI18n } from '@/i18n/I18nProvider';

/** The clipboard, or the old way from a selected field where the clipboard API is missing or refused. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return document.execCommand?.('copy') ?? false;
  }
}

/** The new token, shown once: its secret selected in a read-only field, a Copy button and the warning. */
export function NewTokenSecret({ token, onDone }: { token: CreatedToken; onDone: () => void }) {
  const i18n = useI18n();
  const { t } = i18n;
  const id = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');

  useEffect(() => {
    fieldRef.current?.focus();
    fieldRef.current?.select();
  }, []);

  const copy = async () => {
    const copied = await copyText(token.token, fieldRef.current);
    if (!copied) fieldRef.current?.select();
    setStatus(copied ? t('tokens.secret.copied') : t('tokens.secret.notCopied'));
  };

  return (
    <Secret aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {t('tokens.secret.title', { name: token.name, scope: scopeLabel(i18n, token.scope) })}
      </h3>
      <Warning id={`${id}-warning`}>{t('tokens.secret.warning')}</Warning>
      <label htmlFor={`${id}-token`}>{t('tokens.secret.label')}</label>
      <Row>
        <input id={`${id}-token`} ref={fieldRef} readOnly value={token.token} aria-describedby={`${id}-warning`} spellCheck={false} onFocus={(e) => e.target.select()} />
        <Button onClick={() => void copy()}>{t('tokens.secret.copy')}</Button>
      </Row>
      <SuccessText>{status}</SuccessText>
      <div>
        <Button $variant="secondary" onClick={onDone}>
          {t('tokens.secret.done')}
        </Button>
      </div>
    </Secret>
  );
}

const Secret = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.primaryLight};
  h3 {
    font-size: ${({ theme }) => theme.font.size.md};
  }
  label {
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const Warning = styled.p`
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  input {
    flex: 1 1 16rem;
    min-width: 0;
    min-height: 44px;
    padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.colors.surface};
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;
