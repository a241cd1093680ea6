import { useT } from '@/i18n/I18nProvider';
export type EmojiKind = 'happy' | 'neutral' | 'sad' | 'rest';

/** Each face's glyph and the catalogue key of its text equivalent. */
const GLYPHS: Record<EmojiKind, { glyph: string; label: string }> = {
  happy: { glyph: '😊', label: 'components.emoji.happy' },
  neutral: { glyph: '😐', label: 'components.emoji.neutral' },
  sad: { glyph: '😞', label: 'components.emoji.sad' },
  rest: { glyph: '😴', label: 'components.emoji.rest' },
};

interface EmojiProps {
  kind: EmojiKind;
  /** Overrides the default text equivalent, e.g. 'Goal achieved'. */
  label?: string;
}

/** An emoji with a text equivalent for screen readers. */
export function Emoji({ kind, label }: EmojiProps) {
  const t = useT();
  const { glyph, label: defaultLabel } = GLYPHS[kind];
  return (
    <span role="img" aria-label={label ?? t(defaultLabel)}>
      {glyph}
    </span>
  );
}
