import { Select } from "antd";
import type { MoveOptionGroup } from "../lib/move-options";

export interface MoveSelectProps {
  /** Accessible name: «Mover a Ana Ruiz a…», «Mover la parada 2 de Ruta Norte a…». */
  label: string;
  options: MoveOptionGroup[];
  onMove: (value: string) => void;
  placeholder?: string;
  width?: number;
}

/** «Mover a…»: an action select (it never keeps a value), keyboard and screen-reader friendly. */
export function MoveSelect({
  label,
  options,
  onMove,
  placeholder = "Mover a…",
  width = 190,
}: MoveSelectProps) {
  return (
    <Select<string>
      size="small"
      aria-label={label}
      placeholder={placeholder}
      value={null}
      onChange={(value) => value && onMove(value)}
      options={options}
      disabled={options.length === 0}
      popupMatchSelectWidth={false}
      style={{ width }}
    />
  );
}
