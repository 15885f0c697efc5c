export { getSettings, settingsQueryOptions, usePlatformTimeZone, useSettings } from './api/get-settings';
export { usePrepareDateFormat } from './model/prepare-date-format';
