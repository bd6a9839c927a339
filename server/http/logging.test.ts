// Log lines never carry a token, a password, a CPF or a PIX key: the redact paths and the
// request serializer, checked on the lines a real app writes.

import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { buildTestApp, createTestDb, engines } from '../../tests/support/server.ts'
import { loadConfig } from '../config.ts'
import { loggerOptions, REDACTED, redactUrl } from './logging.ts'

function capture() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  return { lines, stream }
}

const cpf = '52998224725'
const password = 'correct horse battery staple'
const token = 'tok_9f8e7d6c5b4a39281706f5e4d3c2b1a0'
const pixKey = 'maria.silva@example.com'

describe.each(engines)('log redaction on %s', (engine) => {
  it('replaces tokens, passwords, CPFs and PIX keys in a log line', async () => {
    const { db, drop } = await createTestDb(engine)
    const { lines, stream } = capture()
    const options = loggerOptions({ logLevel: 'info', logFormat: 'json' }) as object
    const logged = await buildTestApp(db, {}, undefined, { logger: { ...options, stream } })
    try {
      logged.log.info(
        {
          password,
          cpf,
          token,
          body: { pixKey, payer: { cpf }, newPassword: password },
          headers: { authorization: `Bearer ${token}` },
        },
        'a line with secrets',
      )
      await logged.inject({
        method: 'GET',
        url: `/healthz?launch=${token}`,
        headers: { authorization: `Bearer ${token}`, 'x-ops-token': token },
      })
      const text = lines.join('\n')
      expect(text).toContain('a line with secrets')
      expect(text).toContain('/healthz?launch=')
      for (const secret of [cpf, password, token, pixKey]) expect(text).not.toContain(secret)
      const line = JSON.parse(lines.find((l) => l.includes('a line with secrets')) as string)
      expect(line).toMatchObject({
        password: REDACTED,
        cpf: REDACTED,
        token: REDACTED,
        body: { pixKey: REDACTED, payer: { cpf: REDACTED }, newPassword: REDACTED },
        headers: { authorization: REDACTED },
      })
    } finally {
      await logged.close()
      await drop()
    }
  })
})

describe('log format', () => {
  it('is readable (pino-pretty) outside production and JSON in production', () => {
    expect(loggerOptions({ logLevel: 'info', logFormat: 'pretty' })).toMatchObject({
      transport: { target: 'pino-pretty' },
    })
    expect(loggerOptions({ logLevel: 'info', logFormat: 'json' })).not.toHaveProperty('transport')
    expect(loadConfig({}).logFormat).toBe('pretty')
    expect(loadConfig({ NODE_ENV: 'production' }).logFormat).toBe('json')
    expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty')
  })

  it('hides secret query parameters in request URLs', () => {
    expect(redactUrl(`/game.html?game=x&launch=${token}&lang=en`)).toBe(`/game.html?game=x&launch=${REDACTED}&lang=en`)
    expect(redactUrl('/api/x?page=2')).toBe('/api/x?page=2')
  })

  it('hides the player token however a URL carries it (access-token=, access_token=) and the game session', () => {
    expect(redactUrl(`/ws?access-token=${token}`)).toBe(`/ws?access-token=${REDACTED}`)
    expect(redactUrl(`/api/x?lang=pt&access-token=${token}#a`)).toBe(`/api/x?lang=pt&access-token=${REDACTED}#a`)
    expect(redactUrl(`/api/x?access_token=${token}`)).toBe(`/api/x?access_token=${REDACTED}`)
    expect(redactUrl(`/game.html?game-session=${token}`)).toBe(`/game.html?game-session=${REDACTED}`)
  })
})
