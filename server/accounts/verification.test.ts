// Account details before the first deposit: valid CPF only, one account per CPF, set once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, engines, loginPlayer, type TestApp } from '../../tests/support/server.ts'

describe.each(engines)('verification on %s', (engine) => {
  let t: TestApp
  beforeEach(async () => {
    t = await createTestApp(engine)
  })
  afterEach(async () => {
    await t.close()
  })

  const player = async () => (await loginPlayer(t.app)).post
  const rows = () => t.db.kysely.selectFrom('player_verifications').selectAll().execute()

  it('saves a name and a valid CPF, answers it masked, and marks the account verified', async () => {
    const call = await player()
    expect((await call('/charge/amount/getUserAccountInfo')).json().data).toEqual({
      verified: false,
      fullName: null,
      cpfMasked: null,
      status: 'none',
      reviewReason: null,
      rejection: null,
      reviewDueAt: null,
      // The legacy client's names for the same (legacy-shapes.ts).
      userName: null,
      accountNumber: null,
      payType: null,
      userAccount: null,
    })
    const saved = await call('/charge/amount/saveUserAccountInfo', {
      fullName: 'Maria da Silva',
      cpf: '529.982.247-25',
      birthDate: '1990-01-15',
    })
    expect(saved.json()).toMatchObject({
      success: true,
      data: { verified: true, fullName: 'Maria da Silva', cpfMasked: '***.***.*47-25', status: 'verified' },
    })
    expect(saved.body).not.toContain('52998224725')
    // The legacy client's saved form, masked as well.
    expect((await call('/charge/amount/getUserAccountInfo')).json().data.userAccount).toEqual({
      userName: 'Maria da Silva',
      accountNumber: '***.***.*47-25',
      payType: 1,
    })
    expect((await call('/v1/bus/accountInfo')).json().data.verification).toEqual({ verified: true })
    expect((await rows())[0]?.cpf).toBe('52998224725')
    // Saving the same again is fine; another CPF is refused.
    expect(
      (await call('/charge/amount/saveUserAccountInfo', { fullName: 'Maria da Silva', cpf: '52998224725' })).json()
        .success,
    ).toBe(true)
    const other = await call('/charge/amount/saveUserAccountInfo', {
      fullName: 'Maria da Silva',
      cpf: '123.456.789-09',
    })
    expect(other.json()).toMatchObject({ success: false, msgCode: 'already_verified' })
  })

  it('refuses invalid and all-same-digit CPFs with a clear message and saves nothing', async () => {
    const call = await player()
    for (const cpf of ['529.982.247-24', '111.111.111-11', '00000000000', '123']) {
      const res = await call('/charge/amount/saveUserAccountInfo', { fullName: 'Maria da Silva', cpf })
      expect(res.statusCode, cpf).toBe(400)
      expect(res.json().msg, cpf).toBe('CPF não é válido (confira os dígitos)')
    }
    const noSurname = await call('/charge/amount/saveUserAccountInfo', { fullName: 'Ana', cpf: '52998224725' }, 'en')
    expect(noSurname.json().msg).toBe(
      'Full name must have at least 5 characters; full name needs a first and last name',
    )
    const oneWord = await call(
      '/charge/amount/saveUserAccountInfo',
      { fullName: 'Mariazinha', cpf: '52998224725' },
      'en',
    )
    expect(oneWord.json().msg).toBe('Full name needs a first and last name')
    expect(await rows()).toEqual([])
  })

  it('allows one account per CPF, also when two accounts race for it', async () => {
    const [a, b, c] = [await player(), await player(), await player()]
    const results = await Promise.all(
      [a, b].map((call) => call('/charge/amount/saveUserAccountInfo', { fullName: 'João Souza', cpf: '12345678909' })),
    )
    expect(results.map((r) => r.json().success).sort()).toEqual([false, true])
    expect(results.find((r) => !r.json().success)?.json().msgCode).toBe('cpf_taken')
    const later = await c('/charge/amount/saveUserAccountInfo', { fullName: 'João Souza', cpf: '123.456.789-09' })
    expect(later.json()).toMatchObject({
      success: false,
      msgCode: 'cpf_taken',
      msg: 'Este CPF já está ligado a outra conta. Cada CPF pode ter uma só conta.',
    })
    expect(await rows()).toHaveLength(1)
  })
})
