import { FIRST_ANSWERS_ELEMENT_ID, firstAnswerKey, getExamine } from '@portal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTestRuntimeConfig } from '../../../platform/testing/runtime-config-fixture';
import { examSummary } from '../../testing/fixtures';
import { fetchExamine } from './get-examine';

const summary = (ServerTime: string) => examSummary({ ApplyId: 31, ServerTime });
const ok = (Data: unknown) => ({ ErrCode: 0, ErrMsg: '', Data });

// The edge: the network.
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  loadTestRuntimeConfig();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.remove();
});

describe("the exam screen's state", () => {
  it('is asked of the server even when the host page carried an answer for it (the workbench’s)', async () => {
    const island = document.createElement('script');
    island.type = 'application/json';
    island.id = FIRST_ANSWERS_ELEMENT_ID;
    const key = firstAnswerKey(getExamine, new URLSearchParams({ ApplyId: '31' }));
    island.textContent = JSON.stringify({ [key]: ok(summary('2026-11-28T03:00:00.000Z')) });
    document.head.append(island);
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify(ok(summary('2026-11-28T03:00:20.000Z')))),
    );
    const state = await fetchExamine(31);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(state.ServerTime).toBe('2026-11-28T03:00:20.000Z');
  });
});
