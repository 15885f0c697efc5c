import { instituteSettingsSchema } from '@valence/contract';
import { type InstituteHeading, loadInstituteHeading } from '../../lib/pdf-report';
import { api } from './api';
import { readSession } from './session';

/** The heading of the app's marks PDF: the institute's details, read once per session. */
export function learnInstituteHeading(): Promise<InstituteHeading | null> {
  return loadInstituteHeading(readSession()?.token, () => api('/settings/institute', {}, instituteSettingsSchema));
}
