export { InstituteSettingsForm } from './components/institute-settings-form';
