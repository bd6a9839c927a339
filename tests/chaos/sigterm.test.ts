// SIGTERM with players connected: the real server process, a tab's push socket that answers and
// one whose connection died (it never reads the close frame, as a phone that lost its signal),
// plus a keep-alive HTTP connection. The process exits 0 within SHUTDOWN_TIMEOUT_MS; the live
// socket hears "reconnect" (1012).
import { Agent, get } from 'node:http'
import type { Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { engines } from '../support/server.ts'
import { freeTestPort, prepare, startServer } from './server-process.ts'

const SHUTDOWN_TIMEOUT_MS = 5000

describe.each(engines)('SIGTERM on %s', (engine) => {
  it('exits within the shutdown timeout whatever is connected, push sockets included', async () => {
    const setup = await prepare(engine)
    const port = await freeTestPort()
    const base = `http://127.0.0.1:${port}`
    const server = await startServer({ ...setup.env, SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) }, port)
    const agent = new Agent({ keepAlive: true })
    try {
      const login = async () => {
        const res = await fetch(`${base}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ deviceId: crypto.randomUUID(), ageConfirmed: true }),
        })
        return (await res.json()).data.token as string
      }
      const connect = async (token: string) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`)
        await new Promise((resolve, reject) => {
          socket.once('open', resolve)
          socket.once('error', reject)
        })
        const ready = new Promise((resolve) => socket.once('message', resolve))
        socket.send(JSON.stringify({ type: 'auth', token }))
        await ready
        return socket
      }
      const live = await connect(await login())
      const dead = await connect(await login())
      const liveClosed = new Promise<number>((resolve) => live.once('close', (code) => resolve(code)))
      // The dead one stops reading: the server's close frame is never answered.
      ;(dead as unknown as { _socket: Socket })._socket.pause()
      // A keep-alive connection left open, as a browser keeps one.
      const kept = await new Promise<number>((resolve, reject) => {
        get(`${base}/healthz`, { agent }, (response) => {
          response.resume()
          response.on('end', () => resolve(response.statusCode ?? 0))
        }).on('error', reject)
      })
      expect(kept).toBe(200)

      const started = Date.now()
      const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)))
      server.kill('SIGTERM')
      const code = await exited
      const took = Date.now() - started
      expect(code).toBe(0)
      expect(took).toBeLessThan(SHUTDOWN_TIMEOUT_MS)
      expect(await liveClosed).toBe(1012)
      dead.terminate()
    } finally {
      agent.destroy()
      if (server.exitCode === null) server.kill('SIGKILL')
      await setup.cleanup()
    }
  })
})
