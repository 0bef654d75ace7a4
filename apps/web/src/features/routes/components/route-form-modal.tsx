import type { RouteListItem } from "@treiber/contract";
import { costSchema, REQUIRED_MESSAGE, routeCreateRequestSchema } from "@treiber/contract";
import { Form, InputNumber, TimePicker } from "antd";
import type { Dayjs } from "dayjs";
import { useMemo } from "react";
import { FormModal } from "../../../shared/components/data-table";
import { DaysField } from "../../../shared/forms/days-field";
import { DescriptionField, NameField } from "../../../shared/forms/text-fields";
import { fromApiTime, TIME_PICKER_PROPS } from "../../../shared/forms/time-of-day";
import { numberRule } from "../../../shared/forms/zod-rule";
import { DestinationSelect } from "../../../shared/lookups/destination-select";
import { ShiftSelect } from "../../../shared/lookups/shift-select";
import { useCreateRoute } from "../api/create-route";
import { useUpdateRoute } from "../api/update-route";
import { planningChanges } from "../lib/planning-changes";

interface RouteFormValues {
  name: string;
  description?: string | null;
  destinationId: number;
  dayIds: number[];
  departureTime: Dayjs;
  cost: number;
  shiftId?: number | null;
  seats?: number | null;
}

export interface RouteFormModalProps {
  open: boolean;
  /** The route to edit; undefined to create. */
  route?: RouteListItem;
  onClose: () => void;
}

const seatsSchema = routeCreateRequestSchema.shape.seats;

export function RouteFormModal({ open, route, onClose }: RouteFormModalProps) {
  const [form] = Form.useForm<RouteFormValues>();
  const create = useCreateRoute();
  const update = useUpdateRoute();

  const initialValues = useMemo(
    () =>
      route && {
        name: route.name,
        description: route.description,
        destinationId: route.destinationId,
        dayIds: route.days.map((day) => day.id),
        departureTime: fromApiTime(route.departureTime),
        cost: route.cost,
        shiftId: route.shiftId,
        seats: route.seats,
      },
    [route],
  );
  const currentDestination = useMemo(
    () => (route ? { id: route.destinationId, name: route.destinationName } : null),
    [route],
  );
  const currentShift = useMemo(
    () =>
      route?.shiftId && route.shiftName
        ? { id: route.shiftId, name: route.shiftName, direction: route.direction }
        : null,
    [route],
  );

  return (
    <FormModal<RouteFormValues>
      open={open}
      title={route ? "Editar ruta" : "Nueva ruta"}
      form={form}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={(values) => {
        const body = {
          name: values.name.trim(),
          description: values.description?.trim() || null,
          destinationId: values.destinationId,
          dayIds: values.dayIds,
          departureTime: values.departureTime.format("HH:mm"),
          cost: values.cost,
          ...planningChanges(values, route),
        };
        return route ? update.mutateAsync({ id: route.id, ...body }) : create.mutateAsync(body);
      }}
    >
      <NameField />
      <DescriptionField />
      <Form.Item label="Destino" name="destinationId" rules={[{ required: true, message: REQUIRED_MESSAGE }]}>
        <DestinationSelect currentOption={currentDestination} />
      </Form.Item>
      <DaysField />
      <Form.Item
        label="Hora de salida"
        name="departureTime"
        rules={[{ required: true, message: REQUIRED_MESSAGE }]}
      >
        <TimePicker {...TIME_PICKER_PROPS} needConfirm={false} style={{ width: "100%" }} />
      </Form.Item>
      <Form.Item label="Costo (USD)" name="cost" required rules={[numberRule(costSchema)]}>
        <InputNumber<number> prefix="$" style={{ width: "100%" }} />
      </Form.Item>
      <Form.Item
        label="Turno"
        name="shiftId"
        extra="Opcional: el turno (sucursal, entrada o salida) que atiende la ruta."
      >
        <ShiftSelect currentOption={currentShift} />
      </Form.Item>
      <Form.Item
        label="Asientos"
        name="seats"
        rules={[numberRule(seatsSchema, { optional: true })]}
        extra="Opcional: sin asientos propios cuenta el menor vehículo de sus choferes."
      >
        <InputNumber<number> style={{ width: "100%" }} />
      </Form.Item>
    </FormModal>
  );
}
