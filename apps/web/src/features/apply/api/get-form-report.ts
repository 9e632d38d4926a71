import { getFormReport } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { isId } from '../../../shared/id';

/** What the candidate submitted, field by field as the form shows it (ProjectApply/GetFormReport). */
export function useFormReport(applyId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: [getFormReport.name, { ApplyId: applyId }],
    queryFn: ({ signal }) => callEndpoint(getFormReport, { ApplyId: applyId ?? 0 }, { signal }),
    enabled: enabled && isId(applyId ?? 0),
  });
}
