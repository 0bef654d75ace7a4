import { getErrorMessage } from "@treiber/client";
import type { DayPlanResponse } from "@treiber/contract";
import { Alert, App, Button } from "antd";
import { formatServiceDate } from "../../../shared/format";
import { useDeleteDayPlan } from "../api/delete-day-plan";
import { appliedText } from "../lib/day-plan";
import { notifiedText } from "../lib/notified-text";

export interface DayPlanAppliedProps {
  shiftId: number;
  destinationId: number;
  date: string;
  dayPlan: NonNullable<DayPlanResponse["dayPlan"]>;
}

const releasedText = (released: { name: string }[]) =>
  released.length === 0
    ? "Corren todas las rutas fijas."
    : `${released.length === 1 ? "Bus liberado" : `${released.length} buses liberados`}: ${released.map((route) => route.name).join(", ")}.`;

/** «Plan del día aplicado el … (automático|por …)» with «Volver al plan fijo» (after a confirmation). */
export function DayPlanApplied({ shiftId, destinationId, date, dayPlan }: DayPlanAppliedProps) {
  const { modal, message } = App.useApp();
  const remove = useDeleteDayPlan();
  const confirm = () =>
    modal.confirm({
      title: "¿Volver al plan fijo?",
      content: `El ${formatServiceDate(date)} corren otra vez las rutas fijas, con sus paradas y horas de siempre. Los demás días no cambian.`,
      okText: "Volver al plan fijo",
      cancelText: "Cancelar",
      onOk: async () => {
        try {
          const response = await remove.mutateAsync({ shiftId, destinationId, date });
          message.success(`${response.message}: ${notifiedText(response)}`);
        } catch (error) {
          message.error(getErrorMessage(error));
        }
      },
    });
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      title={appliedText(dayPlan)}
      description={`${releasedText(dayPlan.released)} Vehículos: ${dayPlan.standing.vehicles} en el plan fijo, ${dayPlan.day.vehicles} ese día.`}
      action={
        <Button onClick={confirm} loading={remove.isPending}>
          Volver al plan fijo
        </Button>
      }
    />
  );
}
