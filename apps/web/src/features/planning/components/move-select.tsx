import { Select } from "antd";
import { useState } from "react";
import type { MoveOptionGroup } from "../lib/move-options";
import { type MovePreview, previewText } from "../lib/move-preview";
import { MoveOptionLabel } from "./move-option-label";

export interface MoveSelectProps {
  /** Accessible name: «Mover a Ana Ruiz a…», «Mover la parada 2 de Ruta Norte a…». */
  label: string;
  options: MoveOptionGroup[];
  onMove: (value: string) => void;
  /** What moving to a choice would do to that route (computed only while the list is open). */
  preview?: (value: string) => MovePreview | null;
  placeholder?: string;
  width?: number;
}

/** The choices with their preview: the figures under each name, all of it in words for screen readers. */
function withPreviews(options: MoveOptionGroup[], preview: (value: string) => MovePreview | null) {
  return options.map((group) => ({
    ...group,
    options: group.options.map((option) => {
      const result = preview(option.value);
      if (!result) return option;
      return {
        value: option.value,
        label: <MoveOptionLabel label={option.label} preview={result} />,
        title: option.label,
        "aria-label": `${option.label}: ${previewText(result)}`,
      };
    }),
  }));
}

/**
 * «Mover a…»: an action select (it never keeps a value), keyboard and screen-reader friendly. With
 * `preview`, each choice shows before it is made what the move does to that route (issue 33).
 */
export function MoveSelect({
  label,
  options,
  onMove,
  preview,
  placeholder = "Mover a…",
  width = 190,
}: MoveSelectProps) {
  const [open, setOpen] = useState(false);
  const shown = open && preview ? withPreviews(options, preview) : options;
  return (
    <Select<string>
      size="small"
      aria-label={label}
      placeholder={placeholder}
      value={null}
      onChange={(value) => value && onMove(value)}
      onOpenChange={setOpen}
      options={shown}
      disabled={options.length === 0}
      popupMatchSelectWidth={false}
      style={{ width }}
    />
  );
}
