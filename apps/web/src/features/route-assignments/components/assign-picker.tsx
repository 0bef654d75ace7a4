import { Button, Flex, Select } from "antd";
import { useState } from "react";

export interface AssignOption {
  value: number;
  label: string;
}

export interface AssignPickerProps {
  /** Accessible name and placeholder of the select, e.g. 'Buscar chofer'. */
  placeholder: string;
  options: AssignOption[];
  loading: boolean;
  loadError: boolean;
  disabled?: boolean;
  /** Server-side search; without it the options are filtered locally by label. */
  onSearch?: (text: string) => void;
  adding: boolean;
  onAdd: (id: number) => Promise<unknown>;
}

/** A search select of assignable (active) records and an 'Asignar' button. */
export function AssignPicker({
  placeholder,
  options,
  loading,
  loadError,
  disabled,
  onSearch,
  adding,
  onAdd,
}: AssignPickerProps) {
  const [selected, setSelected] = useState<number | null>(null);
  const showSearch = onSearch ? { filterOption: false, onSearch } : { optionFilterProp: "label" as const };

  async function add() {
    if (selected === null) return;
    try {
      await onAdd(selected);
      setSelected(null);
    } catch {
      // The caller shows the error; keep the selection so the user can retry.
    }
  }

  return (
    <Flex gap={8}>
      <Select<number>
        aria-label={placeholder}
        style={{ flex: 1, minWidth: 0 }}
        placeholder={placeholder}
        value={selected ?? undefined}
        onChange={(value) => setSelected(value ?? null)}
        options={options}
        showSearch={showSearch}
        loading={loading}
        disabled={disabled}
        allowClear
        notFoundContent={loadError ? "No se pudieron cargar los registros" : "No hay registros"}
        onBlur={() => onSearch?.("")}
      />
      <Button
        type="primary"
        onClick={() => void add()}
        disabled={disabled || selected === null}
        loading={adding}
      >
        Asignar
      </Button>
    </Flex>
  );
}
