/** The catalogue keys of Settings' "Change password" texts, in one place. */
export const PASSWORD_TEXTS = {
  /** The checkbox: also revoke every access token and delete every reminder subscription (contract, fifth edition). */
  END_EVERYTHING: 'settings.password.endEverything',
  END_EVERYTHING_HELP: 'settings.password.endEverythingHelp',
  CHANGED: 'settings.password.changed',
  CHANGED_ENDED_EVERYTHING: 'settings.password.changedEndedEverything',
} as const;
