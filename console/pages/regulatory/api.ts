// The daily regulatory files' calls: the days exported, a day's files, re-sending a rejected file.
import type { RegulatoryDayFiles, RegulatoryDayPage } from '../../../contract/regulatory-files.ts'
import { call } from '../../lib/api.ts'

export const listDays = (pageNum: number, pageSize: number) =>
  call<RegulatoryDayPage>('regulatory-files/days', { pageNum, pageSize })

export const dayFiles = (day: string) => call<RegulatoryDayFiles>('regulatory-files/files', { day })

export const resendFile = (fileId: string) => call<RegulatoryDayFiles>('regulatory-files/resend', { fileId })
