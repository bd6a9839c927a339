// The payment provider as the services see it: every call timed and its failures counted for
// the metrics, and the last few answers remembered for the readiness check.
import type { Metrics } from '../metrics/metrics.ts'
import type { PaymentProvider } from './provider.ts'

const timedCalls = [
  'createCharge',
  'getCharge',
  'getPix',
  'createPayout',
  'getPayout',
  'lookupKey',
  'requestRefund',
  'getRefund',
] as const

/** Consecutive failed calls after which the provider counts as unreachable. */
const UNREACHABLE_AFTER = 5

export interface ProviderHealth {
  /** False after several calls in a row threw and none has answered since. */
  reachable(): boolean
}

export function instrumentProvider(provider: PaymentProvider, metrics: Metrics): PaymentProvider & ProviderHealth {
  let failuresInARow = 0
  metrics.providerOperations(timedCalls)
  const timed =
    (operation: string, call: (...args: unknown[]) => Promise<unknown>) =>
    async (...args: unknown[]) => {
      const started = performance.now()
      try {
        const answer = await call(...args)
        failuresInARow = 0
        metrics.providerCall(operation, (performance.now() - started) / 1000, false)
        return answer
      } catch (error) {
        failuresInARow++
        metrics.providerCall(operation, (performance.now() - started) / 1000, true)
        throw error
      }
    }
  // The provider's method is looked up at each call (a test may replace one on the instance).
  const wrappers = new Map<PropertyKey, unknown>(
    timedCalls.map((operation) => [
      operation,
      timed(operation, (...args) => (provider[operation] as (...a: unknown[]) => Promise<unknown>)(...args)),
    ]),
  )
  wrappers.set('reachable', () => failuresInARow < UNREACHABLE_AFTER)
  // A proxy rather than a copy: the provider's own methods keep their `this` (private fields).
  return new Proxy(provider, {
    get(target, property) {
      if (wrappers.has(property)) return wrappers.get(property)
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  }) as PaymentProvider & ProviderHealth
}
