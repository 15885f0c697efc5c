export { ResourceForm } from './components/resource-form';
export { ResourceList } from './components/resource-list';
