/**
 * Operator commands, run beside the server on its database (DATABASE_URL, or the default SQLite
 * file data/tracker.db, as server/src/config.ts reads them):
 *
 *   npm run admin -- reset-password <email>
 *
 * prints a one-time link to choose a new password, for a server without mail set up: the same
 * token as an emailed one (valid 30 minutes, usable once), without the email caps. An email no
 * account has is an error (exit status 1).
 */
import { loadConfig } from '../config';
import { createDatabase, migrateToLatest } from '../db';
import { DEFAULT_PUBLIC_URL } from '../plugins/mail';
import { canonicalEmail } from '../domain/accounts';
import { issueReset, RESET_VALID_MINUTES, resetLink } from '../domain/passwordReset';

const USAGE = 'Usage: npm run admin -- reset-password <email>';

async function resetPassword(rawEmail: string): Promise<number> {
  const config = loadConfig();
  // As sign-in reads it.
  const email = canonicalEmail(rawEmail);
  const db = createDatabase(config.app.databaseUrl);
  try {
    await migrateToLatest(db);
    const issued = await issueReset(db, email, Date.now());
    if (!issued) {
      console.error(`No account has the email "${email}". Nothing was done.`);
      return 1;
    }
    const link = resetLink(config.app.mail?.publicUrl || DEFAULT_PUBLIC_URL, issued.token);
    console.log(`A one-time link for ${email} (valid ${RESET_VALID_MINUTES} minutes, usable once; give it to the learner privately):`);
    console.log(link);
    return 0;
  } finally {
    await db.destroy();
  }
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'reset-password' && rest.length === 1 && rest[0]) return resetPassword(rest[0]);
  console.error(USAGE);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
