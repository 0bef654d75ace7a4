function split(totalMinutes: number): [number, number] {
  const minutes = Math.max(0, Math.round(totalMinutes));
  return [Math.floor(minutes / 60), minutes % 60];
}

/** Time: 'N mins' under 60, else 'N hora y M mins'. */
export function formatMinutes(totalMinutes: number): string {
  const [hours, minutes] = split(totalMinutes);
  return hours === 0 ? `${minutes} mins` : `${hours} hora y ${minutes} mins`;
}

/** Duration: 'N mins' under 60, else 'Nh M'. */
export function formatDuration(totalMinutes: number): string {
  const [hours, minutes] = split(totalMinutes);
  return hours === 0 ? `${minutes} mins` : `${hours}h ${minutes}`;
}
