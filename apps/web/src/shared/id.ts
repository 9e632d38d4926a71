export { idParam, isId } from '@portal/contracts';
