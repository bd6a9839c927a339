// The registration's mandatory limits (a daily loss and a daily play time) every test player sets
// before playing or taking a promotion, high enough that no test meets them by accident.
export const REGISTRATION_LIMITS_FOR_TESTS = { dailyLoss: 1_000_000_000, dailyMinutes: 24 * 60 }
