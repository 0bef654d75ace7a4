import { Select } from "antd";
import type { LocationFilter as LocationFilterValue } from "../hooks/use-collaborator-list-params";

const ALL = "all";

export interface LocationFilterProps {
  value: LocationFilterValue | undefined;
  onChange: (value: LocationFilterValue | undefined) => void;
}

/** «Ubicación»: every collaborator, or those without a home yet (to place them on the map). */
export function LocationFilter({ value, onChange }: LocationFilterProps) {
  return (
    <Select<string>
      aria-label="Ubicación"
      prefix="Ubicación:"
      style={{ width: 210 }}
      value={value ?? ALL}
      options={[
        { value: ALL, label: "Todas" },
        { value: "missing", label: "Sin ubicación" },
      ]}
      onChange={(next) => onChange(next === ALL ? undefined : (next as LocationFilterValue))}
    />
  );
}
