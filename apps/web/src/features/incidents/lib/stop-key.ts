/** A stop's React key: the stops carry no id, their place and name tell them apart. */
export const stopKey = (stop: {
  name: string;
  latitude: number;
  longitude: number;
  plannedTime: string | null;
}) => `${stop.latitude},${stop.longitude},${stop.name},${stop.plannedTime ?? ""}`;
