// A screen whose feature is not built yet: it says so instead of showing invented content.
import { Trans } from '@lingui/react/macro'

export default function ComingSoonPage() {
  return (
    <p className="empty-state">
      <Trans>Esta área ainda está em construção.</Trans>
    </p>
  )
}
