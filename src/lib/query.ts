// The player app's one QueryClient (TanStack Query): what every screen's read goes through
// (`useApiData`). Reads run whatever the browser says about the network (an offline read fails
// at once and the screen shows its kept copy or a retry, rather than waiting paused), are not
// retried by the library (the transport already timed out; the player or the next trigger
// retries), and are not re-read on window focus. Back online, only reads that failed run again.
import { onlineManager, QueryClient } from '@tanstack/react-query'

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      networkMode: 'always',
      retry: false,
      refetchOnWindowFocus: false,
      // A screen's read belongs to the screen: gone with it.
      gcTime: 0,
    },
  },
})
// The library assumes online at start; a page loaded offline must hear the `online` that follows.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine)
queryClient.mount()
