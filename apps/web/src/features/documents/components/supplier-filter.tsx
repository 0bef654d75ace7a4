import { Select } from "antd";
import { useSupplierNames } from "../../../shared/lookups/list-supplier-names";

export interface SupplierFilterProps {
  /** undefined = every supplier. */
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}

/** «Suplidor» (administrators only: a supplier's user always sees only theirs, on the server). */
export function SupplierFilter({ value, onChange }: SupplierFilterProps) {
  const suppliers = useSupplierNames();
  const options = [
    { value: 0, label: "Todos los suplidores" },
    ...(suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplier.name })),
  ];
  if (value && !options.some((option) => option.value === value)) {
    options.push({ value, label: suppliers.isSuccess ? "Suplidor inactivo" : "Cargando…" });
  }
  return (
    <Select<number>
      aria-label="Suplidor"
      showSearch={{ optionFilterProp: "label" }}
      style={{ width: 220 }}
      loading={suppliers.isLoading}
      status={suppliers.isError ? "error" : undefined}
      value={value ?? 0}
      options={options}
      onChange={(id) => onChange(id || undefined)}
    />
  );
}
