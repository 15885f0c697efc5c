import type { InstituteSettings } from '@valence/contract';

/** The institute's details as a PDF heads with them: the logo read into the page already. */
export type InstituteHeading = {
  name: string;
  address: string;
  contact: string;
  logo: { dataUrl: string; format: 'PNG' | 'JPEG' } | null;
};

let cached: { session: string; heading: Promise<InstituteHeading | null> } | undefined;

async function dataUrlOf(url: string): Promise<string | null> {
  const response = await fetch(url);
  if (!response.ok) return null;
  const blob = await response.blob();
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(blob);
  });
}

/**
 * The heading, read once per session (`session`: the signed-in token) and kept: every PDF of the
 * session reuses it. A failure to read it makes PDFs without it rather than no PDF, and is tried
 * again next time.
 */
export function loadInstituteHeading(
  session: string | undefined,
  read: () => Promise<InstituteSettings>,
): Promise<InstituteHeading | null> {
  if (!session) return Promise.resolve(null);
  if (cached?.session === session) return cached.heading;
  const heading = (async () => {
    const settings = await read();
    const logo =
      settings.logoUrl && settings.logoType
        ? await dataUrlOf(settings.logoUrl)
            .then((dataUrl) =>
              dataUrl ? { dataUrl, format: settings.logoType === 'png' ? ('PNG' as const) : ('JPEG' as const) } : null,
            )
            .catch(() => null)
        : null;
    return { name: settings.name, address: settings.address, contact: settings.contact, logo };
  })().catch(() => {
    cached = undefined;
    return null;
  });
  cached = { session, heading };
  return heading;
}

/** Forgets the kept heading: the superadmin has just changed it. */
export function forgetInstituteHeading() {
  cached = undefined;
}
