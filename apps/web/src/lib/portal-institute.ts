import { instituteSettingsSchema } from '@valence/contract';
import { apiFetch } from './api-client';
import { type InstituteHeading, loadInstituteHeading } from './pdf-report';
import { readSession } from './session';

/** The portal's PDFs' heading: the institute's details, read once per session. */
export function portalInstituteHeading(): Promise<InstituteHeading | null> {
  return loadInstituteHeading(readSession()?.token, () => apiFetch('/settings/institute', {}, instituteSettingsSchema));
}
