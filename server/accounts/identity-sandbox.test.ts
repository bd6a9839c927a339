// The sandbox identity bureau's test CPFs: each named one is a valid CPF (check digits) and gets
// the answer its name says; each answer has 100 distinct valid CPFs; any other CPF is regular with
// the name and date of birth given.
import { describe, expect, it } from 'vitest'
import { isValidCpf } from '../../contract/cpf.ts'
import { BureauUnavailable } from './identity-bureau.ts'
import {
  SANDBOX_CPF_DECEASED,
  SANDBOX_CPF_NAME_MISMATCH,
  SANDBOX_CPF_PEP,
  SANDBOX_CPF_REGULAR,
  SANDBOX_CPF_SUSPENDED,
  SANDBOX_CPF_UNAVAILABLE,
  SANDBOX_CPF_UNDER_18,
  SANDBOX_REGISTERED_NAME,
  type SandboxAnswer,
  sandboxAnswerOf,
  sandboxAnswers,
  sandboxCpf,
  sandboxIdentityBureau,
} from './identity-sandbox.ts'

const bureau = sandboxIdentityBureau({ now: () => Date.UTC(2026, 10, 20, 12), timeZone: 'America/Sao_Paulo' })
const claim = { fullName: 'Maria da Silva', birthDate: '1990-01-15' }

describe('the sandbox identity bureau', () => {
  it('answers each named CPF as its name says, and each is a valid CPF', async () => {
    const named: Record<SandboxAnswer, string> = {
      suspended: SANDBOX_CPF_SUSPENDED,
      deceased: SANDBOX_CPF_DECEASED,
      name_mismatch: SANDBOX_CPF_NAME_MISMATCH,
      under_18: SANDBOX_CPF_UNDER_18,
      pep: SANDBOX_CPF_PEP,
      unavailable: SANDBOX_CPF_UNAVAILABLE,
      regular: SANDBOX_CPF_REGULAR,
    }
    for (const [answer, cpf] of Object.entries(named)) {
      expect(isValidCpf(cpf), cpf).toBe(true)
      expect(sandboxAnswerOf(cpf)).toBe(answer)
    }
    const check = (cpf: string) => bureau.check({ cpf, ...claim })
    expect(await check(SANDBOX_CPF_REGULAR)).toEqual({
      status: 'regular',
      registeredName: claim.fullName,
      birthDate: claim.birthDate,
      pep: false,
    })
    expect((await check(SANDBOX_CPF_SUSPENDED)).status).toBe('suspended')
    expect((await check(SANDBOX_CPF_DECEASED)).status).toBe('deceased')
    expect((await check(SANDBOX_CPF_NAME_MISMATCH)).registeredName).toBe(SANDBOX_REGISTERED_NAME)
    expect((await check(SANDBOX_CPF_UNDER_18)).birthDate).toBe('2010-11-20')
    expect((await check(SANDBOX_CPF_PEP)).pep).toBe(true)
    await expect(check(SANDBOX_CPF_UNAVAILABLE)).rejects.toBeInstanceOf(BureauUnavailable)
  })

  it('numbers 100 distinct valid CPFs per answer, and answers any other CPF as given', async () => {
    for (const answer of Object.keys(sandboxAnswers) as SandboxAnswer[]) {
      const cpfs = Array.from({ length: 100 }, (_, serial) => sandboxCpf(answer, serial))
      expect(new Set(cpfs).size).toBe(100)
      expect(cpfs.every((cpf) => isValidCpf(cpf) && sandboxAnswerOf(cpf) === answer)).toBe(true)
    }
    expect(() => sandboxCpf('pep', 100)).toThrow(RangeError)
    expect(sandboxAnswerOf('52998224725')).toBeNull()
    expect(await bureau.check({ cpf: '52998224725', ...claim })).toMatchObject({ status: 'regular', pep: false })
  })
})
