import { SHIFT_DIRECTION_LABELS, type ShiftDirection, type ShiftListItem } from "@treiber/contract";
import { type RefSelectProps, Select } from "antd";
import { type Ref, useMemo } from "react";
import { useActiveShifts } from "./list-active-shifts";

/** «Sede Central Piantini · Mañana (Entrada 08:00)»: a shift as the selects name it. */
export function shiftOptionLabel(
  shift: Pick<ShiftListItem, "branchOfficeName" | "name" | "direction" | "time">,
): string {
  return `${shift.branchOfficeName} · ${shift.name} (${SHIFT_DIRECTION_LABELS[shift.direction]} ${shift.time})`;
}

/** The shift a record already has, as the record names it (it may be inactive by now). */
export interface CurrentShiftOption {
  id: number;
  name: string;
  direction: ShiftDirection | null;
}

export interface ShiftSelectProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The record's current shift, shown even when it is no longer among the active ones. */
  currentOption?: CurrentShiftOption | null;
  id?: string;
  /** Set by Form.Item, so FormModal can put server errors on this field. */
  ref?: Ref<RefSelectProps>;
}

/** An optional picker of every active shift (searchable by branch office and name); clearing it means none. */
export function ShiftSelect({ value, onChange, currentOption, id, ref }: ShiftSelectProps) {
  const query = useActiveShifts();

  const options = useMemo(() => {
    const items = (query.data ?? []).map((shift) => ({ value: shift.id, label: shiftOptionLabel(shift) }));
    if (currentOption && !items.some((item) => item.value === currentOption.id)) {
      const direction = currentOption.direction
        ? ` (${SHIFT_DIRECTION_LABELS[currentOption.direction]})`
        : "";
      const inactive = query.isSuccess ? " · inactivo" : "";
      items.unshift({ value: currentOption.id, label: `${currentOption.name}${direction}${inactive}` });
    }
    return items;
  }, [query.data, query.isSuccess, currentOption]);

  return (
    <Select<number | null>
      id={id}
      ref={ref}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      options={options}
      showSearch={{ optionFilterProp: "label" }}
      loading={query.isFetching}
      allowClear
      placeholder="Sin turno"
      notFoundContent={query.isError ? "No se pudieron cargar los turnos" : "No hay registros"}
    />
  );
}
