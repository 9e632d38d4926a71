export { useFormReport } from './api/get-form-report';
export { ApplyFieldInput, applyFieldDomId, applyFieldHint } from './desktop/apply-field-input';
export { applyValuesSchema, visibleFields } from './use-apply-form';
