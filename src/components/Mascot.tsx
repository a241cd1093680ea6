import { useState } from 'react';
import { BRAND_NAME } from '@common/domain';
import { useT } from '@/i18n/I18nProvider';

interface MascotProps {
  /** Width and height in pixels. */
  size?: number;
  className?: string;
}

/**
 * The brand mascot: a friendly purple owl. Without the server (and not in the browser's cache)
 * the picture cannot load: it then leaves its place empty rather than show its alt text.
 */
export function Mascot({ size = 160, className }: MascotProps) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  if (failed) return <span style={{ display: 'block', width: size, height: size }} className={className} aria-hidden="true" />;
  return (
    <img
      src="/mascot.svg"
      alt={t('components.mascotAlt', { brand: BRAND_NAME })}
      width={size}
      height={size}
      className={className}
      onError={() => setFailed(true)}
    />
  );
}
