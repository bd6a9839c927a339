// Prometheus's own checker, `promtool` (Debian's `prometheus` package; .ci/run installs it), for
// the tests of the metrics and the alert rules. Where it is not installed the tests keep their own
// checks; in CI it must be there, so a missing install cannot pass unnoticed.
import { spawnSync } from 'node:child_process'

export interface PromtoolResult {
  status: number | null
  output: string
}

function found(): boolean {
  const probe = spawnSync('promtool', ['--version'], { encoding: 'utf8' })
  return probe.error === undefined && probe.status === 0
}

/** Whether promtool runs here; throws in CI when it does not. */
export function promtoolAvailable(): boolean {
  const available = found()
  if (!available && process.env.CI) throw new Error('promtool is not installed: .ci/run installs Debian’s prometheus')
  return available
}

/** Runs `promtool …args` with `input` on its standard input. */
export function promtool(args: string[], input?: string, cwd?: string): PromtoolResult {
  const run = spawnSync('promtool', args, { encoding: 'utf8', input, cwd, timeout: 30_000 })
  return { status: run.status, output: `${run.stdout ?? ''}${run.stderr ?? ''}`.trim() }
}
