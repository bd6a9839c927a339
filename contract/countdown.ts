// A wait as HH:MM:SS, rounded up to the second: the wheel's countdown on screen and the server's
// refusal ("… libera de novo em 01:59:59") read the same.
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000))
  return [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':')
}
