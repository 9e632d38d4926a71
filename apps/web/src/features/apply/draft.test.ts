import type { ApplyDraft } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { newestDraft, type LocalDraft } from './draft';

const server: ApplyDraft = {
  PositionId: 11,
  Values: { name: '服务器上的' },
  Revision: 4,
  UpdateTime: '2026-11-26T09:00:00+08:00',
};
const local = (revision: number | null, pending: boolean): LocalDraft => ({
  values: { name: '本机的' },
  positionId: 12,
  revision,
  pending,
});

describe('which draft a form starts from', () => {
  it('takes typing the server has not seen, unless another device saved after it', () => {
    expect(newestDraft(local(4, true), server)?.values).toEqual({ name: '本机的' });
    expect(newestDraft(local(3, true), server)?.values).toEqual({ name: '服务器上的' });
    expect(newestDraft(local(null, true), null)?.values).toEqual({ name: '本机的' });
    expect(newestDraft(local(null, true), server)?.values).toEqual({ name: '服务器上的' });
  });

  it('takes the server’s over a saved copy, and drops a saved copy the server no longer has', () => {
    expect(newestDraft(local(4, false), server)).toEqual({
      values: { name: '服务器上的' },
      positionId: 11,
      revision: 4,
      pending: false,
    });
    expect(newestDraft(local(4, false), null)).toBeNull();
    expect(newestDraft(null, null)).toBeNull();
  });
});
