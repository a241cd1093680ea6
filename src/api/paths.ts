/** Every route of the SPA (spec section 2). */
export const paths = {
  landing: '/',
  register: '/register',
  registerLanguage: '/register/language',
  registerGoal: '/register/goal',
  registerPreviousTime: '/register/previoustime',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  settings: '/settings',
  insights: '/insights',
} as const;

/** Where a guarded screen sends the learner to sign in: /login remembers the way back. */
export interface LoginState {
  from?: string;
}
