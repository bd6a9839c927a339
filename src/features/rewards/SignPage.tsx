// `/sign`: the daily sign-in calendar as a page.
import { PromotionGate } from '../../lib/PromotionGate.tsx'
import { SignCalendar } from './SignCalendar.tsx'
import './rewards.css'

export default function SignPage() {
  return (
    <PromotionGate part="signIn">
      <SignCalendar />
    </PromotionGate>
  )
}
