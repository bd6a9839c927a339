// The market gate: deposits, withdrawals and play only from inside the market's country, judged by
// the client's address (Fastify's `request.ip`: the socket's, or the `X-Forwarded-For` hop the
// last trusted proxy saw — TRUST_PROXY names which proxies are believed, so a client's own
// `X-Forwarded-For` is ignored). Ranges the configuration takes as inside the market (loopback and
// private outside production) are not looked up. An address the database cannot place is refused
// too: the rule is a positive location, not the absence of a foreign one.
//
// The spin asks on every request, so the answer is cached per address (a Map read on the hot path;
// the database lookup, about 1 µs, happens once per address until the cache is full and cleared).
import { BlockList, isIP } from 'node:net'
import type { CountryLocator } from './locator.ts'

/** What the gate guards, the metric's bounded `action` label. */
export type MarketAction = 'deposit' | 'withdrawal' | 'game_open' | 'spin'

/** The `country` label of an address no database places. */
export const UNKNOWN_COUNTRY = 'unknown'

export interface MarketVerdict {
  /** ISO 3166-1 alpha-2, or `unknown`. */
  country: string
  inMarket: boolean
}

// Enough for every address active on a busy instance; cleared whole when full (no LRU upkeep on
// the hot path — a cleared entry costs one more lookup).
const CACHE_LIMIT = 50_000

export class MarketGate {
  readonly #market: string
  readonly #locator: CountryLocator
  readonly #inMarketRanges = new BlockList()
  readonly #cache = new Map<string, MarketVerdict>()

  constructor(options: { market: string; locator: CountryLocator; inMarketRanges: readonly string[] }) {
    this.#market = options.market
    this.#locator = options.locator
    for (const range of options.inMarketRanges) {
      const [address = '', prefix = ''] = range.split('/')
      this.#inMarketRanges.addSubnet(address, Number(prefix), isIP(address) === 6 ? 'ipv6' : 'ipv4')
    }
  }

  /** Where this address is, and whether that is the market's country. */
  verdict(address: string): MarketVerdict {
    const cached = this.#cache.get(address)
    if (cached) return cached
    const found = this.#judge(address)
    if (this.#cache.size >= CACHE_LIMIT) this.#cache.clear()
    this.#cache.set(address, found)
    return found
  }

  #judge(rawAddress: string): MarketVerdict {
    // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
    const address =
      rawAddress.startsWith('::ffff:') && isIP(rawAddress.slice(7)) === 4 ? rawAddress.slice(7) : rawAddress
    const family = isIP(address)
    if (family === 0) return { country: UNKNOWN_COUNTRY, inMarket: false }
    if (this.#inMarketRanges.check(address, family === 6 ? 'ipv6' : 'ipv4')) {
      return { country: this.#market, inMarket: true }
    }
    const country = this.#locator.countryOf(address)
    if (country === null || !/^[A-Z]{2}$/.test(country)) return { country: UNKNOWN_COUNTRY, inMarket: false }
    return { country, inMarket: country === this.#market }
  }
}
