/** `at`: the item at an index; `must`: a value that must exist. Both throw a clear error otherwise. */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`demo data: index ${index} out of range`);
  return item;
}

export function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`demo data: missing ${what}`);
  return value;
}
