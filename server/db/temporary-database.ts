// A throwaway PostgreSQL database next to the one a URL points at, for tests and benchmarks
// that run whole server processes or pgbench against their own database.
import { randomBytes } from 'node:crypto'
import pg from 'pg'

async function run(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

export async function createTemporaryDatabase(baseUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  await run(baseUrl, `create database ${name}`)
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () => run(baseUrl, `drop database ${name} with (force)`),
  }
}

export async function withTemporaryDatabase<T>(
  baseUrl: string,
  prefix: string,
  work: (url: string) => Promise<T>,
): Promise<T> {
  const database = await createTemporaryDatabase(baseUrl, prefix)
  try {
    return await work(database.url)
  } finally {
    await database.drop()
  }
}
