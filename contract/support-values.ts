// Support's constants the browser needs (feedback topics, text length), kept free of zod so the
// app can import them; contract/support.ts builds its schemas from them.
export const SUPPORT_TEXT_MAX = 2000
export const FEEDBACK_TOPICS = ['app', 'payments', 'games', 'promotions', 'other'] as const
export type FeedbackTopic = (typeof FEEDBACK_TOPICS)[number]
