import { Button, DatePicker, Flex, Select } from "antd";
import { useMemo } from "react";
import { dayjs, SERVICE_DATE_FORMAT, toServiceDate } from "../../../shared/format";
import { DATE_PICKER_FORMAT } from "../../../shared/forms/time-of-day";
import { useActiveShifts } from "../../../shared/lookups/list-active-shifts";
import { shiftOptionLabel } from "../../../shared/lookups/shift-select";
import type { BookingParams } from "../hooks/use-booking-params";

const ALL = 0;

/** «Reservas»' filters: the shift («Todos los turnos») and the service date, with «Hoy» and «Mañana». */
export function BookingFilters({ params }: { params: BookingParams }) {
  const shifts = useActiveShifts();
  const options = useMemo(
    () => [
      { value: ALL, label: "Todos los turnos" },
      ...(shifts.data ?? []).map((shift) => ({ value: shift.id, label: shiftOptionLabel(shift) })),
    ],
    [shifts.data],
  );
  const tomorrow = toServiceDate(dayjs(params.today, SERVICE_DATE_FORMAT).add(1, "day"));
  return (
    <Flex gap={12} wrap align="center">
      <Select<number>
        aria-label="Turno"
        showSearch={{ optionFilterProp: "label" }}
        style={{ minWidth: 280 }}
        loading={shifts.isFetching}
        value={params.shiftId ?? ALL}
        onChange={(value) => params.setShift(value || undefined)}
        options={options}
        notFoundContent={shifts.isError ? "No se pudieron cargar los turnos" : "No hay registros"}
      />
      <DatePicker
        aria-label="Fecha"
        format={DATE_PICKER_FORMAT}
        allowClear={false}
        value={dayjs(params.date, SERVICE_DATE_FORMAT)}
        onChange={(value) => {
          if (value) params.setDate(toServiceDate(value));
        }}
      />
      <Button onClick={() => params.setDate(params.today)} disabled={params.date === params.today}>
        Hoy
      </Button>
      <Button onClick={() => params.setDate(tomorrow)} disabled={params.date === tomorrow}>
        Mañana
      </Button>
    </Flex>
  );
}
