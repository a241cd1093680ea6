/** The texts of Settings' "Change password", in one place for the translation catalogues. */
export const PASSWORD_TEXTS = {
  /** The checkbox: also revoke every access token and delete every reminder subscription (contract, fifth edition). */
  END_EVERYTHING: 'Also sign out my tools and reminders',
  END_EVERYTHING_HELP: 'Your access tokens stop working and reminders are turned off on every device.',
  CHANGED: 'Your password is changed. Your other devices are signed out.',
  CHANGED_ENDED_EVERYTHING: 'Your password is changed. Your other devices are signed out, your access tokens are revoked and reminders are off.',
} as const;
