export { GradebookFiguresPanel } from './components/gradebook-figures';
export { GradebookPanel } from './components/gradebook-panel';
