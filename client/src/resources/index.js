/* Generic, metadata-driven CRUD screens for the models of the generic model API (design §3: src/resources). */
export { default as ResourceList } from './ResourceList';
export { default as ResourceFormDialog } from './ResourceFormDialog';
export { default as ReferenceSelect } from './ReferenceSelect';
export { default as DeleteDialog } from './DeleteDialog';
export {
  defineResource,
  normalizeResource,
  modelLabel,
  modelPluralLabel,
  fieldLabel,
  rowTitle,
} from './resource';
