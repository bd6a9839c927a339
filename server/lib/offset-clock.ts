// The server's clock moved forward by an offset kept in a file (TEST_CLOCK_FILE): how end-to-end
// tests let half an hour pass without waiting for it (an idle session's end). Read when the file
// changes (polled), never per call; refused in production by the configuration.
import { readFileSync, unwatchFile, watchFile } from 'node:fs'

export interface OffsetClock {
  now(): number
  stop(): void
}

export function offsetClock(file: string): OffsetClock {
  let offset = 0
  const read = () => {
    try {
      const value = Number(readFileSync(file, 'utf8').trim())
      offset = Number.isFinite(value) ? value : 0
    } catch {
      offset = 0
    }
  }
  read()
  watchFile(file, { interval: 100, persistent: false }, read)
  return { now: () => Date.now() + offset, stop: () => unwatchFile(file, read) }
}
