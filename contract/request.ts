// The body a request schema accepts: its input, before zod applies defaults and transforms.
// The browser types its calls with this and never imports zod itself (only `import type`).
import type { input, ZodType } from 'zod'

export type RequestBody<Schema extends ZodType> = input<Schema>
