/** A configuration the server refuses to start with; its message lists every problem. */
export class ConfigError extends Error {}
