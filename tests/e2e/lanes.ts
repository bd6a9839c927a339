// Lanes of the end-to-end suite: each Playwright worker (by its parallel index) is a lane with
// servers of its own — the config's two and every spec's own — on ports LANE_PORTS apart, and
// data directories of its own. A spec therefore never sees another lane's players, settings or
// switched-off games, and specs within a lane run one after another as before.
// The config is read in the runner (no index: it starts every lane's servers) and again in each
// worker (its own lane's ports for baseURL).

/** How many lanes (workers) the suite runs: E2E_WORKERS, or 2 in CI and 1 on a developer's machine. */
export const E2E_LANES = Math.max(1, Number(process.env.E2E_WORKERS ?? (process.env.CI ? 2 : 1)))
/** Ports between one lane's first server and the next lane's (every offset a spec uses fits inside). */
export const LANE_PORTS = 50
/** This process's lane: the worker's parallel index (0 in the runner). */
export const lane = Number(process.env.TEST_PARALLEL_INDEX ?? 0)

/** The first server's port of lane `l`. */
export const portOfLane = (l: number) => Number(process.env.E2E_PORT ?? 8181) + LANE_PORTS * l
/** The port this lane's first server listens on; a spec's own server takes an offset from it. */
export const E2E_PORT = portOfLane(lane)
/** A data directory of lane `l`'s own (lane 0 keeps the plain name). */
export const laneDataDir = (name: string, l = lane) => (l === 0 ? name : `${name}-lane${l}`)
