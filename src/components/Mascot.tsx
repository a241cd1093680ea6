import { BRAND_NAME } from '@common/domain';

interface MascotProps {
  /** Width and height in pixels. */
  size?: number;
  className?: string;
}

/** The brand mascot: a friendly purple owl. */
export function Mascot({ size = 160, className }: MascotProps) {
  return (
    <img
      src="/mascot.svg"
      alt={`${BRAND_NAME} mascot, a friendly purple owl`}
      width={size}
      height={size}
      className={className}
    />
  );
}
