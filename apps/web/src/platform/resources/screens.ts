/** The generated screens, loaded together when a resource screen first opens. */
export { ResourceForm } from './ResourceForm';
export { ResourceList } from './ResourceList';
