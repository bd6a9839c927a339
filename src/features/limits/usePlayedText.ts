// Time played said the same way on /limits and /myActivity: under a minute is "menos de 1 min",
// never rounded down to "0 min" after rounds were played; whole minutes, then hours and minutes.
import { useLingui } from '@lingui/react/macro'

export function usePlayedText(): (ms: number) => string {
  const { t } = useLingui()
  return (ms: number) => {
    if (ms > 0 && ms < 60_000) return t`menos de 1 min`
    const minutes = Math.floor(ms / 60_000)
    const hours = Math.floor(minutes / 60)
    return hours > 0 ? t`${hours} h ${minutes % 60} min` : t`${minutes} min`
  }
}
