export { getSettings, settingsQueryOptions, usePlatformTimeZone, useSettings } from './api/get-settings';
export { DeviceLimitForm } from './components/device-limit-form';
