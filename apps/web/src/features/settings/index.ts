export { getSettings, settingsQueryOptions, usePlatformTimeZone, useSettings } from './api/get-settings';
