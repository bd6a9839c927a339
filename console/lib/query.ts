// The console's one QueryClient (TanStack Query): what every page's read goes through (`useCall`).
// Reads are not retried by the library (the operator retries, or the next push or decision
// reloads) and not re-read on window focus; a page's read is gone with the page.
import { QueryClient } from '@tanstack/react-query'

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { networkMode: 'always', retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, gcTime: 0 },
  },
})
queryClient.mount()
