import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { ErrorBoundary } from '../shared/ui/error-boundary';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // §8: the HTTP layer tells the person about each failure, so a retry would tell them twice.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export function Providers({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient: QueryClient;
}) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        {/* A server-drawn page hydrates inside a boundary: in slices the phone can interrupt. */}
        <Suspense>{children}</Suspense>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
