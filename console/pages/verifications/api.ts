// The verification desk's calls: the queue (open or decided), a decision on one verification, and
// the barred list's summary and upload.
import type {
  BarredListUpload,
  BarredListView,
  VerificationDecision,
  VerificationQueuePage,
} from '../../../contract/ops.ts'
import { call } from '../../lib/api.ts'

export const verificationQueue = (status: 'open' | 'decided') =>
  call<VerificationQueuePage>('verifications/queue', { status, limit: 100 })

export const decideVerification = (body: { id: number; decision: 'approve' | 'reject'; reason?: string }) =>
  call<VerificationDecision>('verifications/decide', body)

export const barredList = () => call<BarredListView>('verifications/barred', {})

export const uploadBarredList = (body: { csv: string; reason: string }) =>
  call<BarredListUpload>('verifications/barred/upload', body)
