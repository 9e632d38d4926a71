import { realPersonVerify } from '@portal/contracts';
import { useContractForm } from '../../platform/forms';
import { useRealPersonVerify } from './api/profile-mutations';

/** User/RealPersonVerify as a form: name and ID number checked by the contract, then sent. */
export function useRealNameForm({ onVerified }: { onVerified: () => void }) {
  const verify = useRealPersonVerify();
  const form = useContractForm(realPersonVerify, { defaultValues: { Name: '', IdNumber: '' } });
  const submit = form.submit(async (request) => {
    await verify.mutateAsync(request);
    onVerified();
  });
  return { form, submit, busy: form.formState.isSubmitting };
}
