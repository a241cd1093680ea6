/** Semantic design tokens. Components read these through styled-components' typed theme. */
export const theme = {
  colors: {
    primary: '#6b3fa0',
    primaryHover: '#57308a',
    primaryLight: '#efe7fa',
    primaryFadedFrom: '#f6f0ff',
    primaryFadedTo: '#c9b2ea',
    onPrimary: '#ffffff',
    text: '#1f1633',
    textMuted: '#5b5470',
    surface: '#ffffff',
    background: '#f7f5fb',
    border: '#ddd5ea',
    disabled: '#d9d6df',
    error: '#b00020',
    success: '#1e7a46',
    focus: '#ffb300',
  },
  /** The four fixed skill colours, shared by the pie chart and its legend. */
  skills: {
    listening: '#6b3fa0',
    reading: '#1f7a8c',
    speaking: '#d1495b',
    writing: '#c77d00',
  },
  font: {
    family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    size: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.25rem', xl: '1.5rem', xxl: '2rem', hero: '2.5rem' },
    weight: { regular: 400, medium: 500, bold: 700 },
  },
  space: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '32px', xxl: '48px' },
  radius: { sm: '6px', md: '12px', lg: '20px', pill: '999px' },
  shadow: {
    card: '0 1px 3px rgba(31, 22, 51, 0.08), 0 4px 12px rgba(31, 22, 51, 0.06)',
    modal: '0 10px 40px rgba(31, 22, 51, 0.3)',
  },
} as const;

export type AppTheme = typeof theme;
