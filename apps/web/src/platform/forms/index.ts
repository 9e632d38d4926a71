export {
  applyServerFieldErrors,
  type ContractForm,
  type ContractFormOptions,
  SERVER_ERROR,
  useContractForm,
} from './use-contract-form';
