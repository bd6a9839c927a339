// Command-line arguments for the scripts, through node:util's parseArgs in strict mode: an option
// the script does not know (`--evry 60`), a missing value or a stray argument stops the script
// with exit code 2, the parser's message naming it and the script's usage — a typo is never
// ignored.
import { type ParseArgsConfig, parseArgs } from 'node:util'

type Config = Omit<ParseArgsConfig, 'args' | 'strict'>

// A negative number (`-500` centavos) is an argument, not a cluster of short options: it is kept
// aside while parsing and given back as the positional it is.
const NEGATIVE = /^-\d+([.,]\d+)?$/
const HIDDEN = '\u0000'

export function cliArgs<const T extends Config>(
  config: T,
  usage: string,
  argv: string[] = process.argv.slice(2),
): ReturnType<typeof parseArgs<T & { strict: true }>> {
  const args = argv.map((arg) => (NEGATIVE.test(arg) ? `${HIDDEN}${arg}` : arg))
  try {
    const parsed = parseArgs({ ...config, args, strict: true }) as ReturnType<typeof parseArgs<T & { strict: true }>>
    const { positionals } = parsed as { positionals?: string[] }
    if (positionals) {
      for (const [i, arg] of positionals.entries()) positionals[i] = arg.startsWith(HIDDEN) ? arg.slice(1) : arg
    }
    return parsed
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`)
    process.exit(2)
  }
}
