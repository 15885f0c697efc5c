/**
 * Import rules for the three source trees, run by `npm run lint`: no file may reach itself again
 * through its imports (type-only imports count: a circle of types is still a circle of files); the
 * students' app (apps/web/src/learn) and the portal never load each other's code; a students' app
 * feature never imports another; the server loads its heavy file libraries on first use.
 */
/** The files that draw PDFs (pdf-lib, fontkit, HarfBuzz): loaded only on the PDF worker thread. */
const PDF_WRITERS =
  '^apps/server/src/(modules/(marking/render-marked-paper|reports/pack-pdf|resources/licence-stamp)|lib/pdf-type/(typesetter|report-writer|report-document|fonts|rich-text|page-view))\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports: move what both sides need to a file of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'learn-stays-apart',
      severity: 'error',
      comment:
        "The students' app ships its own bundle: it may share only the form helpers (the lazy one for sign-in), the session store, the blob download, the PDF viewer's document hook, the zod set-up, the API client's core and types and the notation component with the portal.",
      from: { path: '^apps/web/src/learn/' },
      to: {
        path: '^apps/web/src/',
        pathNot: [
          '^apps/web/src/learn/',
          // Test helpers never reach a bundle.
          '^apps/web/src/test/',
          '^apps/web/src/lib/(form|lazy-form|session-store|download|pdf-document|zod-jitless|api-core|api-types)\\.ts$',
          '^apps/web/src/components/chem-(text\\.tsx|render\\.ts)$',
        ],
      },
    },
    {
      name: 'portal-never-loads-learn',
      severity: 'error',
      comment: "Staff never download the students' app.",
      from: { path: '^apps/web/src/', pathNot: '^apps/web/src/learn/' },
      to: { path: '^apps/web/src/learn/' },
    },
    {
      name: 'learn-lib-below-features',
      severity: 'error',
      comment: "The students' app's lib serves its features and screens; it never imports them.",
      from: { path: '^apps/web/src/learn/lib/' },
      to: { path: '^apps/web/src/learn/(features|app)/' },
    },
    {
      name: 'learn-features-apart',
      severity: 'error',
      comment: 'A students-app feature never imports another: the routes compose them; shared code lives in learn/lib.',
      from: { path: '^apps/web/src/learn/features/([^/]+)/' },
      to: { path: '^apps/web/src/learn/features/', pathNot: '^apps/web/src/learn/features/$1/' },
    },
    {
      name: 'heavy-libraries-on-use',
      severity: 'error',
      comment:
        'exceljs, pdf-lib and jszip cost the server about half a second and 50 MB when loaded: only the two PDF writers import pdf-lib, and every other file loads them with `await import()` where they are used.',
      from: {
        path: '^apps/server/src/',
        pathNot: [
          '\\.test\\.ts$',
          // Test helpers never run in the server.
          '^apps/server/src/test/',
          PDF_WRITERS,
        ],
      },
      to: { path: 'node_modules/(exceljs|pdf-lib|jszip)/', dynamic: false, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'pdf-writers-on-use',
      severity: 'error',
      comment:
        'The PDF writers bring pdf-lib, fontkit and HarfBuzz with them: only the PDF worker thread loads them, with `await import()`; they may import each other.',
      from: { path: '^apps/server/src/', pathNot: ['\\.test\\.ts$', '^apps/server/src/test/', PDF_WRITERS] },
      to: {
        path: PDF_WRITERS,
        dynamic: false,
        dependencyTypesNot: ['type-only'],
      },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // node_modules stay in the graph, unfollowed, so that a rule can name a library.
    exclude: { path: '(^|/)dist/' },
    tsConfig: { fileName: 'tsconfig.test.json' },
  },
};
