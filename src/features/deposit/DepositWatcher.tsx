// Listens for credited deposits on every screen: the `deposit` push closes the PIX sheet of
// that order, flies the coins to the balance and shows the success toast (saying what part of
// an overpayment went back to the payer, and why). A `refund` push for a PIX refused in full
// closes the sheet and says why the money went back. After a reconnect (pushes may have been
// missed) it asks the server about the open order. It also hosts the one-time notifications offer.
import { useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import type { DepositPush, RefundPush } from '../../../contract/deposits.ts'
import { formatMoney } from '../../../contract/money.ts'
import { refreshAccount } from '../../lib/account.ts'
import { flyCoins } from '../../lib/coins.ts'
import { onPush } from '../../lib/push.ts'
import { appStore } from '../../lib/store.ts'
import { showToast } from '../../lib/toast.ts'
import { WebPushOffer } from '../../lib/WebPushOffer.tsx'
import { offerWebPush } from '../../lib/webPush.ts'
import { getDeposit } from './api.ts'
import { refundReasonLabels } from './refundReasons.ts'
import { closeDeposit, openDepositAtom, restoreOpenDeposit } from './state.ts'

const REFUND_TOAST_MS = 8000

export default function DepositWatcher() {
  const { t, i18n } = useLingui()

  useEffect(() => {
    void restoreOpenDeposit()
    const credited = ({ orderId, amount, bonusAmount, refund }: DepositPush) => {
      const sheet = document.querySelector('[data-testid="pix-sheet"]')?.getBoundingClientRect()
      const from = sheet
        ? { x: sheet.left + sheet.width / 2, y: sheet.top + sheet.height / 3 }
        : { x: window.innerWidth / 2, y: window.innerHeight / 2 }
      closeDeposit(orderId)
      void flyCoins(from)
      const creditText =
        bonusAmount > 0
          ? t`Depósito de ${formatMoney(amount)} creditado, mais ${formatMoney(bonusAmount)} de bônus.`
          : t`Depósito de ${formatMoney(amount)} creditado.`
      void offerWebPush()
      if (!refund) return showToast(creditText)
      const reason = i18n._(refundReasonLabels[refund.reason])
      showToast(`${creditText} ${t`${formatMoney(refund.amount)} devolvidos: ${reason}.`}`, REFUND_TOAST_MS)
    }
    const refused = ({ orderId, amount, reason, credited: creditedAmount }: RefundPush) => {
      // A partial refund is told with its credit (the `deposit` push).
      if (creditedAmount > 0) return
      if (orderId) closeDeposit(orderId)
      const why = refundReasonLabels[reason] ? i18n._(refundReasonLabels[reason]) : reason
      showToast(t`${formatMoney(amount)} devolvidos ao pagador: ${why}.`, REFUND_TOAST_MS)
    }
    const offPush = onPush('deposit', credited)
    const offRefund = onPush('refund', refused)
    const offReconnect = onPush('reconnected', () => {
      const open = appStore.get(openDepositAtom)
      if (!open) return
      getDeposit({ orderId: open.orderId })
        .then((order) => {
          if (order.status !== 'paid') return
          const excess = order.refunds.find((r) => r.reason === 'overpaid')
          credited({
            orderId: order.orderId,
            amount: order.paidAmount ?? order.amount,
            bonusAmount: order.bonusAmount,
            ...(excess ? { refund: { amount: excess.amount, reason: excess.reason } } : {}),
          })
          void refreshAccount()
        })
        .catch(() => {})
    })
    return () => {
      offPush()
      offRefund()
      offReconnect()
    }
  }, [t, i18n])

  // The notifications offer shows over any screen, after a deposit or a withdrawal.
  return <WebPushOffer />
}
