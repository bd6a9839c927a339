// A clock a test moves by hand: `now()` answers `time`, which the test sets or advances. Given
// to the server as its clock (`clock.now`), so every time the server reads is the test's.

export interface ManualClock {
  time: number
  now(): number
}

export function manualClock(start: number): ManualClock {
  const clock: ManualClock = { time: start, now: () => clock.time }
  return clock
}
