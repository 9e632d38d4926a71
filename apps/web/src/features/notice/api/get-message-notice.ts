import { getMessageList, getMessageNotice } from '@portal/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint, useSessionStore } from '../../../platform';
import { isId } from '../../../shared/id';

/** Reading a message marks it read on the server; the answer's UnreadCount lowers the badge. */
export async function fetchMessage(messageId: number, signal?: AbortSignal) {
  const message = await callEndpoint(getMessageNotice, { MessageId: messageId }, { signal });
  useSessionStore.getState().setUnreadNoticeCount(message.UnreadCount);
  return message;
}

export function messageQueryOptions(messageId: number) {
  return queryOptions({
    queryKey: [getMessageNotice.name, { MessageId: messageId }],
    queryFn: ({ signal }) => fetchMessage(messageId, signal),
  });
}

export function useMessage(messageId: number) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...messageQueryOptions(messageId), enabled: isId(messageId) });
  const read = query.data !== undefined;
  useEffect(() => {
    // The list's read dots are stale once a message has been read.
    if (read) void queryClient.invalidateQueries({ queryKey: [getMessageList.name] });
  }, [read, queryClient]);
  return query;
}
