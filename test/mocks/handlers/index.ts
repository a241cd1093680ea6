import { activityHandlers } from './activity';
import { authHandlers } from './auth';
import { calendarHandlers } from './calendar';
import { languageHandlers } from './language';
import { passwordHandlers } from './passwords';
import { settingsHandlers } from './settings';
import { statsHandlers } from './stats';
import { timerHandlers } from './timer';
import { reminderHandlers } from './reminder';
import { tokenHandlers } from './tokens';

export const handlers = [...authHandlers, ...passwordHandlers, ...languageHandlers, ...settingsHandlers, ...activityHandlers, ...calendarHandlers, ...statsHandlers, ...timerHandlers, ...reminderHandlers, ...tokenHandlers];
