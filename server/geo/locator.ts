// Where a client address is: the seam between the market gate and whoever answers it. Today that
// is the country database the `geoip-country` npm package ships (MaxMind's GeoLite2 Country,
// loaded into memory at start, about 1 µs a lookup, no network). A stronger provider — a paid
// database with VPN and hosting-range flags, or a location service — implements `CountryLocator`
// and is handed to the market gate in plugin.ts; nothing else changes.
import { createRequire } from 'node:module'
import geoip from 'geoip-country'

export interface CountryLocator {
  /** The provider's name, for logs and docs. */
  readonly name: string
  /** The ISO 3166-1 alpha-2 country of this address, or null when the provider cannot place it. */
  countryOf(address: string): string | null
}

/** The bundled GeoLite2 Country database of `geoip-country`. */
export const geoipCountryLocator: CountryLocator = {
  name: 'geoip-country',
  countryOf(address) {
    return geoip.lookup(address)?.country ?? null
  },
}

/**
 * When the bundled database was built: `geoip-country` versions carry it (5.0.YYYYMMDDhhmm). The
 * GeoLite2 licence asks for an update within 30 days of a new release, so operators watch its age.
 */
export function bundledDatabaseBuiltAt(): number | null {
  const { version } = createRequire(import.meta.url)('geoip-country/package.json') as { version: string }
  const stamp = /^\d+\.\d+\.(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(version)
  if (!stamp) return null
  const [, year, month, day, hour, minute] = stamp.map(Number) as number[]
  return Date.UTC(year as number, (month as number) - 1, day, hour, minute)
}
