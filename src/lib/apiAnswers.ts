import { API_PATHS } from '@common/apiPaths';
import { apiBaseUrl } from '@/lib/apiBaseUrl';

/** True when the API answers at all, whatever it says: reads that got no answer may be asked again. */
export async function apiAnswers(): Promise<boolean> {
  try {
    await fetch(`${apiBaseUrl()}${API_PATHS.authCheck}`, { method: 'HEAD', cache: 'no-store', credentials: 'include' });
    return true;
  } catch {
    return false;
  }
}
