import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { forgetLists } from '../renderer/listAddressMemory';
import { NavigationGuard } from '../navigation/NavigationGuard';
import { Button } from '../ui/Button';
import { createQueryClient } from './queryClient';
import { FullPageStatus } from './FullPageStatus';
import { Shell } from './Shell';
import { useShellSession } from './useShellSession';

function LoadedShell({ userId }: { userId: string }) {
  const state = useShellSession(userId);
  if (state.status === 'pending') return <FullPageStatus />;
  if (state.status === 'error') {
    return (
      <main className="mx-auto mt-20 max-w-md p-6 text-center">
        <p role="alert" className="text-slate-800">
          The console could not load your account: {state.error.message}
        </p>
        <Button size="md" variant="primary" className="mt-4" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </main>
    );
  }
  // Inside the guard: a page with unsaved changes holds the sidebar's, the top bar's and the page's links alike.
  return (
    <NavigationGuard>
      <Shell shell={state.data} />
    </NavigationGuard>
  );
}

/** The shell of one user, with a query cache of its own so nothing outlives the session. */
export function SignedInShell({ userId }: { userId: string }) {
  const [queryClient] = useState(createQueryClient);
  // Like the query cache, the lists' remembered states end with the session.
  useEffect(() => forgetLists, []);
  return (
    <QueryClientProvider client={queryClient}>
      <LoadedShell userId={userId} />
    </QueryClientProvider>
  );
}
