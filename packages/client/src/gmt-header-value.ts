/** The GMT header: browser UTC offset in hours with the sign inverted (spec §7), e.g. "4" in UTC-4. */
export function gmtHeaderValue(date: Date = new Date()): string {
  return String(date.getTimezoneOffset() / 60);
}
