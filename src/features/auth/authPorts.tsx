/**
 * What the sign-in and sign-up forms ask of the page around them: the calls, where the learner goes
 * next, and links. Inside the app, the router and the store answer (src/app/RoutedAuthPorts.tsx); on a
 * first load of /login or /register, the visitor page does, with React alone (src/visitor.tsx), so
 * those pages load neither react-router nor Redux (scripts/bundle-budget.mjs).
 */
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { Credentials } from '@common/api-types';

export interface AuthPorts {
  /** Signs in: the learner's email, or a rejection with the call's failure (RTK Query's error shape). */
  login: (credentials: Credentials) => Promise<string>;
  /** Signs up, the same way. */
  register: (credentials: Credentials) => Promise<void>;
  /** On after signing in: spec 2's /dashboard, or back where a session that ended left the learner. */
  afterSignIn: (email: string) => void | Promise<void>;
  /** On after signing up: the language step (spec 2). */
  afterSignUp: () => void | Promise<void>;
  /**
   * At sign-in and sign-up: sends the device's zone (and `uiLocale`, the language chosen on this
   * device before signing up) to the account; answers the account's uiLocale (null: automatic), or
   * undefined when the call failed (contract, fifth edition).
   */
  preferences: (uiLocale?: string) => Promise<string | null | undefined>;
  /** The learner was signed out under them (the sign-in page says so). */
  sessionEnded: boolean;
  /** A link to another of the app's pages. */
  Link: (props: { to: string; children: ReactNode }) => ReactNode;
}

export const AuthPortsContext = createContext<AuthPorts | null>(null);

export function useAuthPorts(): AuthPorts {
  const ports = useContext(AuthPortsContext);
  if (!ports) throw new Error('The sign-in and sign-up pages need AuthPortsContext (src/app/RoutedAuthPorts.tsx).');
  return ports;
}

/** A link to another of the app's pages, as the page around the form makes it. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  const { Link } = useAuthPorts();
  return <Link to={to}>{children}</Link>;
}
