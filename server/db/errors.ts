// Recognises database errors by kind on either engine: a unique-constraint violation, and a lost
// PostgreSQL connection (the statement's outcome is PostgreSQL's: a transaction not yet
// committed is rolled back by the server).
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  return code === '23505' || (typeof message === 'string' && message.includes('UNIQUE constraint failed'))
}

/**
 * SQLSTATEs that end the session: administrator or crash shutdown, a server not accepting
 * connections yet, the idle and idle-in-transaction timeouts; class 08 is every connection
 * exception.
 */
const sessionEnded = new Set(['57P01', '57P02', '57P03', '57P05', '25P03'])
/** The socket's own failures while reaching or talking to the server. */
const socketFailures = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
/** What pg says when the socket closed under a client, or a dead client is used again. */
const lostMessages = [
  'Connection terminated',
  'connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
]

/** Whether the error means the database connection was lost or could not be made (not a bad statement). */
export function isConnectionLost(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof code === 'string' && (code.startsWith('08') || sessionEnded.has(code) || socketFailures.has(code)))
    return true
  return typeof message === 'string' && lostMessages.some((text) => message.includes(text))
}
