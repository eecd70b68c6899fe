/** How bad a problem is; `error` fails `keyfob lint`, the action's lint mode and an engine write. */
export type Severity = 'error' | 'warning' | 'info';
