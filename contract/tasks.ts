// The play-task groups: their config keys, shared by the server's task list and the
// browser's `?configKey=`. Kept free of zod so the browser can import the list.
export const taskConfigKeys = ['GREEN_VERSION_DAILY_TASK', 'GREEN_VERSION_GREEN_TASK'] as const
export type TaskConfigKey = (typeof taskConfigKeys)[number]
