export type EmojiKind = 'happy' | 'neutral' | 'sad' | 'rest';

const GLYPHS: Record<EmojiKind, { glyph: string; label: string }> = {
  happy: { glyph: '😊', label: 'Happy face' },
  neutral: { glyph: '😐', label: 'Neutral face' },
  sad: { glyph: '😞', label: 'Sad face' },
  rest: { glyph: '😴', label: 'Sleeping face' },
};

interface EmojiProps {
  kind: EmojiKind;
  /** Overrides the default text equivalent, e.g. 'Goal achieved'. */
  label?: string;
}

/** An emoji with a text equivalent for screen readers. */
export function Emoji({ kind, label }: EmojiProps) {
  const { glyph, label: defaultLabel } = GLYPHS[kind];
  return (
    <span role="img" aria-label={label ?? defaultLabel}>
      {glyph}
    </span>
  );
}
