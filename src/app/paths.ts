/** Every route of the SPA (spec section 2). */
export const paths = {
  landing: '/',
  register: '/register',
  registerLanguage: '/register/language',
  registerGoal: '/register/goal',
  registerPreviousTime: '/register/previoustime',
  login: '/login',
  dashboard: '/dashboard',
  settings: '/settings',
  insights: '/insights',
} as const;
