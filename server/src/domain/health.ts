/** The server's health: whether the database answers. */
export { pingDatabase } from '../db/health';
