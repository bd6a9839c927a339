// Listens for credited deposits on every screen: the `deposit` push closes the PIX sheet of
// that order, flies the coins to the balance and shows the success toast. After a reconnect
// (pushes may have been missed) it asks the server about the open order.
import { useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import type { DepositPush } from '../../../contract/deposits.ts'
import { formatMoney } from '../../../contract/money.ts'
import { refreshAccount } from '../../lib/account.ts'
import { flyCoins } from '../../lib/coins.ts'
import { onPush } from '../../lib/push.ts'
import { appStore } from '../../lib/store.ts'
import { showToast } from '../../lib/toast.ts'
import { getDeposit } from './api.ts'
import { closeDeposit, openDepositAtom, restoreOpenDeposit } from './state.ts'

export function DepositWatcher() {
  const { t } = useLingui()

  useEffect(() => {
    void restoreOpenDeposit()
    const credited = ({ orderId, amount, bonusAmount }: DepositPush) => {
      const sheet = document.querySelector('[data-testid="pix-sheet"]')?.getBoundingClientRect()
      const from = sheet
        ? { x: sheet.left + sheet.width / 2, y: sheet.top + sheet.height / 3 }
        : { x: window.innerWidth / 2, y: window.innerHeight / 2 }
      closeDeposit(orderId)
      void flyCoins(from)
      showToast(
        bonusAmount > 0
          ? t`Depósito de ${formatMoney(amount)} creditado, mais ${formatMoney(bonusAmount)} de bônus.`
          : t`Depósito de ${formatMoney(amount)} creditado.`,
      )
    }
    const offPush = onPush('deposit', credited)
    const offReconnect = onPush('reconnected', () => {
      const open = appStore.get(openDepositAtom)
      if (!open) return
      getDeposit({ orderId: open.orderId })
        .then((order) => {
          if (order.status !== 'paid') return
          credited({ orderId: order.orderId, amount: order.paidAmount ?? order.amount, bonusAmount: order.bonusAmount })
          void refreshAccount()
        })
        .catch(() => {})
    })
    return () => {
      offPush()
      offReconnect()
    }
  }, [t])

  return null
}
