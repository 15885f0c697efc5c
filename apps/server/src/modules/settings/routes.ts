import {
  deviceLimitSchema,
  deviceLimitUpdateSchema,
  INSTITUTE_LIMITS,
  INSTITUTE_LOGO_KINDS,
  instituteContactSchema,
  instituteSettingsSchema,
  instituteSettingsUpdateSchema,
  MAX_RESOURCE_BYTES,
  settingsSchema,
} from '@valence/contract';
import { badRequest } from '../../lib/errors.js';
import { acceptAnyBody, type FormSpec, withMultipartForm } from '../../lib/multipart.js';
import { errors, moduleRoutes, noContent } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';

const LOGO_FORM: FormSpec = {
  fields: {},
  files: {
    logo: {
      kinds: INSTITUTE_LOGO_KINDS,
      maxBytes: INSTITUTE_LIMITS.logoMaxBytes,
      keyPrefix: 'institute/',
      label: 'The logo',
    },
  },
};

export const settingsRoutes = moduleRoutes('settings', async (app, route) => {
  acceptAnyBody(app);

  app.get('/settings', route('public', { response: { 200: settingsSchema } }), () => ({
    timeZone: app.config.timeZone,
    maxResourceBytes: MAX_RESOURCE_BYTES,
    zoneOffsets: app.settings.zoneOffsets(),
  }));

  app.get(
    '/settings/contact',
    // The Contact page is open to everyone, signed in or not: only these public details are in it.
    route('public', {
      summary: "The institute's contact details for the Contact page: each empty when the superadmin has not set it",
      response: { 200: instituteContactSchema },
    }),
    () => app.settings.contact(),
  );

  app.get(
    '/settings/institute',
    // Students too: the marks PDF their app makes is headed with them, and nothing here is private.
    route('authenticated', {
      summary: "The institute's name, address, contact and a signed link to its logo: they head every PDF",
      response: { 200: instituteSettingsSchema },
    }),
    () => app.settings.institute(),
  );

  app.put(
    '/settings/institute',
    route('superadmin', {
      summary:
        "Change the institute's name, address and contact, and the Contact page's phone, e-mail, Instagram and Facebook (each may be empty; those four, left out, are kept)",
      body: instituteSettingsUpdateSchema,
      response: { 200: instituteSettingsSchema, ...errors(400) },
    }),
    (request) => app.settings.update(requirePrincipal(request), request.body),
  );

  app.put(
    '/settings/institute/logo',
    route('superadmin', {
      summary: `Set the logo: multipart field logo, a PNG or JPG of at most ${INSTITUTE_LIMITS.logoMaxBytes / 1024 / 1024} MB`,
      consumes: ['multipart/form-data'],
      response: { 200: instituteSettingsSchema, ...errors(400, 413) },
    }),
    (request) =>
      withMultipartForm(request, app.storage, LOGO_FORM, async (form) => {
        const logo = form.file('logo');
        if (!logo) throw badRequest('Choose a PNG or JPG file for the logo.');
        return app.settings.setLogo(requirePrincipal(request), logo);
      }),
  );

  app.get(
    '/settings/devices',
    route('superadmin', {
      summary:
        'How many devices a student may be signed in on at once, and the server default (MAX_DEVICES_PER_STUDENT)',
      response: { 200: deviceLimitSchema },
    }),
    () => app.settings.deviceLimit(),
  );

  app.put(
    '/settings/devices',
    route('superadmin', {
      summary:
        'Set how many devices a student may be signed in on at once (null: the server default); a sign-in beyond it ends the oldest',
      body: deviceLimitUpdateSchema,
      response: { 200: deviceLimitSchema, ...errors(400) },
    }),
    (request) => app.settings.setDeviceLimit(requirePrincipal(request), request.body),
  );

  app.delete(
    '/settings/institute/logo',
    route('superadmin', { summary: 'Remove the logo (404 when none is set)' }),
    (request, reply) => noContent(reply, app.settings.removeLogo(requirePrincipal(request))),
  );
});
