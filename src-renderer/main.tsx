import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
// The whole variable font, one file read from disk at start. The web build's 92 unicode-range subsets suit a
// site on the network; here they would split every Korean string into runs shaped and painted per subset,
// and swap fonts under the seller's eyes the first time a syllable from a new subset appears.
import 'pretendard/dist/web/variable/pretendardvariable.css';
import './app/styles.css';
import { App } from './app/App';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
