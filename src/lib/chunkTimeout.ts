// How long a lazily loaded chunk may take before the app gives up on it (src/lib/lazy.tsx); its
// own module so the end-to-end tests can fast-forward by exactly this much.
export const CHUNK_TIMEOUT_MS = 120_000
