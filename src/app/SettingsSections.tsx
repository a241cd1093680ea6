import { ReminderSection } from '@/features/reminder/ReminderSection';
import { AccessTokensSection } from '@/features/tokens/AccessTokensSection';
import { ImportHistorySection } from '@/features/imports/ImportHistorySection';

/**
 * The Settings sections that other features bring (a feature never imports another one, so they
 * meet here, as the dashboard's timer does in DashboardScreen.tsx). The router gives this to
 * SettingsPage (its `sections`), which renders it below its own sections; a new section is one line here.
 */
export function SettingsSections() {
  return (
    <>
      <ReminderSection />
      <ImportHistorySection />
      <AccessTokensSection />
    </>
  );
}
