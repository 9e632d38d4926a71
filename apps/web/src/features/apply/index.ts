export { FormFieldRow } from './mobile/form-field';
