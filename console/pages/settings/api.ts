// Runtime settings: read them all, change one with a reason.
import type { SettingsView } from '../../../contract/ops.ts'
import { call } from '../../lib/api.ts'

export const readSettings = () => call<SettingsView>('settings/get')

export const changeSetting = (body: { key: string; value: unknown; reason: string }) =>
  call<unknown>('settings/set', body)
