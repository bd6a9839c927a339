// The one list of promotions (no zod, so the console and the PWA import it too): the config's
// PROMOTIONS_DISABLED and runtime switches, each promotion's terms, the console's settings and
// the promotions screen all name promotions by these keys.
export const promotionKeys = ['first_deposit', 'gift', 'sign_in', 'wheel', 'tasks', 'invites', 'download'] as const
export type PromotionKey = (typeof promotionKeys)[number]
