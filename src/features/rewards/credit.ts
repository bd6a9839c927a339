// What every reward does once the server has credited it: coins fly from where the player
// tapped to the header balance, and the balance is re-read from the server.
import { refreshAccount } from '../../lib/account.ts'
import { flyCoins } from '../../lib/coins.ts'

export async function celebrateCredit(from: Element | null): Promise<void> {
  const box = from?.getBoundingClientRect()
  const refreshed = refreshAccount().catch(() => undefined)
  if (box) await flyCoins({ x: box.left + box.width / 2, y: box.top + box.height / 2 })
  await refreshed
}

export function newRequestId(): string {
  return crypto.randomUUID()
}
