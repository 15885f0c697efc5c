export { JobsList } from './components/jobs-list';
