import type { RouteListItem } from "@treiber/contract";
import { costSchema, DAYS_REQUIRED_MESSAGE, REQUIRED_MESSAGE } from "@treiber/contract";
import { Checkbox, Form, type GetProps, InputNumber, Spin, TimePicker, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useMemo } from "react";
import { FormModal } from "../../../shared/components/data-table";
import { DescriptionField, NameField } from "../../../shared/forms/text-fields";
import { fromApiTime, TIME_PICKER_PROPS } from "../../../shared/forms/time-of-day";
import { numberRule } from "../../../shared/forms/zod-rule";
import { DestinationSelect } from "../../../shared/lookups/destination-select";
import { useDays } from "../../../shared/lookups/list-days";
import { useCreateRoute } from "../api/create-route";
import { useUpdateRoute } from "../api/update-route";

interface RouteFormValues {
  name: string;
  description?: string | null;
  destinationId: number;
  dayIds: number[];
  departureTime: Dayjs;
  cost: number;
}

export interface RouteFormModalProps {
  open: boolean;
  /** The route to edit; undefined to create. */
  route?: RouteListItem;
  onClose: () => void;
}

export function RouteFormModal({ open, route, onClose }: RouteFormModalProps) {
  const [form] = Form.useForm<RouteFormValues>();
  const create = useCreateRoute();
  const update = useUpdateRoute();
  const days = useDays();

  const initialValues = useMemo(
    () =>
      route && {
        name: route.name,
        description: route.description,
        destinationId: route.destinationId,
        dayIds: route.days.map((day) => day.id),
        departureTime: fromApiTime(route.departureTime),
        cost: route.cost,
      },
    [route],
  );
  const currentDestination = useMemo(
    () => (route ? { id: route.destinationId, name: route.destinationName } : null),
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
        };
        return route ? update.mutateAsync({ id: route.id, ...body }) : create.mutateAsync(body);
      }}
    >
      <NameField />
      <DescriptionField />
      <Form.Item label="Destino" name="destinationId" rules={[{ required: true, message: REQUIRED_MESSAGE }]}>
        <DestinationSelect currentOption={currentDestination} />
      </Form.Item>
      <Form.Item
        label="Días"
        name="dayIds"
        rules={[{ required: true, type: "array", min: 1, message: DAYS_REQUIRED_MESSAGE }]}
        extra={
          days.isError ? (
            <Typography.Text type="danger">
              No se pudieron cargar los días.{" "}
              <Typography.Link onClick={() => void days.refetch()}>Reintentar</Typography.Link>
            </Typography.Text>
          ) : days.isPending ? (
            <Spin size="small" />
          ) : undefined
        }
      >
        <DaysCheckboxGroup options={(days.data ?? []).map((day) => ({ value: day.id, label: day.name }))} />
      </Form.Item>
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
    </FormModal>
  );
}

/**
 * The days as a named group of checkboxes. Form.Item gives its control `aria-required`, which a
 * group may not carry (axe aria-allowed-attr): the required rule is still shown by the label.
 */
function DaysCheckboxGroup({
  "aria-required": _required,
  ...props
}: GetProps<typeof Checkbox.Group> & { "aria-required"?: unknown }) {
  return <Checkbox.Group role="group" aria-label="Días" {...props} />;
}
