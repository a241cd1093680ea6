/**
 * The cookies the app writes for the server to read (issue #32, #44), named once for both sides:
 * the device's time zone, by which the server answers the first screen's reads for the learner's
 * date, and the dashboard's narrow-screen tab, which the server's render of the first screen shows.
 */
export const TIME_ZONE_COOKIE = 'tz';
export const ACTIVE_TAB_COOKIE = 'activeTab';
