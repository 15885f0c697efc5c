/**
 * Import rules for the three source trees, run by `npm run lint`: no file may reach itself again
 * through its imports (type-only imports count: a circle of types is still a circle of files).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports: move what both sides need to a file of its own.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsConfig: { fileName: 'tsconfig.test.json' },
  },
};
