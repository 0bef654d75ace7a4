import { Select } from "antd";
import { useBranchOfficeNames } from "../../../shared/lookups/list-branch-office-names";

export interface BranchOfficeFilterProps {
  /** 0 = every branch office. */
  value: number;
  onChange: (id: number) => void;
}

/** The «Sucursal» filter of the shift list: 'Todas las sucursales' or one active branch office. */
export function BranchOfficeFilter({ value, onChange }: BranchOfficeFilterProps) {
  const offices = useBranchOfficeNames();
  const options = [
    { value: 0, label: "Todas las sucursales" },
    ...(offices.data ?? []).map((office) => ({ value: office.id, label: office.name })),
  ];
  // An office of the URL that is not among the active ones (inactive since) still reads as a filter.
  if (!options.some((option) => option.value === value)) {
    options.push({ value, label: offices.isSuccess ? "Sucursal inactiva" : "Cargando…" });
  }
  return (
    <Select<number>
      aria-label="Sucursal"
      showSearch={{ optionFilterProp: "label" }}
      style={{ width: 240 }}
      loading={offices.isLoading}
      status={offices.isError ? "error" : undefined}
      value={value}
      options={options}
      onChange={onChange}
    />
  );
}
