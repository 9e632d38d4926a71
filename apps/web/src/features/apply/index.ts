export { FormFieldRow } from './components/form-field';
