export * from './auth.js';
export * from './common.js';
export * from './constants.js';
export * from './courses.js';
export * from './enrollments.js';
export * from './resources.js';
export * from './scores.js';
export * from './students.js';
