import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary.tsx';
import { DockProvider } from '../../components/ui/Dock.tsx';

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  return (
    <ErrorBoundary label="Toolscope">
      <QueryClientProvider client={client}>
        <DockProvider>{children}</DockProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
