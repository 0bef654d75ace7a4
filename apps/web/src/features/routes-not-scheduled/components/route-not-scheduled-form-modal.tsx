import type { RouteNotScheduledListItem } from "@treiber/contract";
import { costSchema, REQUIRED_MESSAGE, RIDERS_REQUIRED_MESSAGE } from "@treiber/contract";
import { DatePicker, Form, InputNumber, Select } from "antd";
import type { Dayjs } from "dayjs";
import { useMemo } from "react";
import { FormModal } from "../../../shared/components/data-table";
import { dayjs } from "../../../shared/format";
import { AddressField } from "../../../shared/forms/location-fields";
import { DescriptionField, NameField } from "../../../shared/forms/text-fields";
import { DATE_TIME_PICKER_PROPS } from "../../../shared/forms/time-of-day";
import { numberRule } from "../../../shared/forms/zod-rule";
import { DestinationSelect } from "../../../shared/lookups/destination-select";
import { useDriverNames } from "../../../shared/lookups/list-driver-names";
import { useCreateRouteNotScheduled } from "../api/create-route-not-scheduled";
import { useUpdateRouteNotScheduled } from "../api/update-route-not-scheduled";
import { RiderSelect } from "./rider-select";

interface RouteNotScheduledFormValues {
  name: string;
  description?: string | null;
  scheduledAt: Dayjs;
  driverId: number;
  employeeIds: number[];
  cost: number;
  originAddress?: string | null;
  destinationId?: number | null;
}

export interface RouteNotScheduledFormModalProps {
  open: boolean;
  /** The route to edit; undefined to create. */
  route?: RouteNotScheduledListItem;
  onClose: () => void;
}

export function RouteNotScheduledFormModal({ open, route, onClose }: RouteNotScheduledFormModalProps) {
  const [form] = Form.useForm<RouteNotScheduledFormValues>();
  const create = useCreateRouteNotScheduled();
  const update = useUpdateRouteNotScheduled();
  const drivers = useDriverNames(open);

  const initialValues = useMemo(
    () =>
      route && {
        name: route.name,
        description: route.description,
        scheduledAt: dayjs(route.scheduledAt),
        driverId: route.driverId,
        employeeIds: route.riders.map((rider) => rider.id),
        cost: route.cost,
        originAddress: route.originAddress,
        destinationId: route.destinationId,
      },
    [route],
  );
  const currentDestination = useMemo(
    () =>
      route?.destinationId != null ? { id: route.destinationId, name: route.destinationName ?? "" } : null,
    [route],
  );
  const driverOptions = useMemo(() => {
    const items = (drivers.data ?? []).map((driver) => ({
      value: driver.id,
      label: `${driver.name} ${driver.lastname}`.trim(),
    }));
    if (route && !items.some((item) => item.value === route.driverId)) {
      items.unshift({ value: route.driverId, label: route.driverName });
    }
    return items;
  }, [drivers.data, route]);

  return (
    <FormModal<RouteNotScheduledFormValues>
      open={open}
      title={route ? "Editar ruta no programada" : "Nueva ruta no programada"}
      form={form}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={(values) => {
        const body = {
          name: values.name.trim(),
          description: values.description?.trim() || null,
          scheduledAt: values.scheduledAt.toISOString(),
          driverId: values.driverId,
          employeeIds: values.employeeIds,
          cost: values.cost,
          originAddress: values.originAddress?.trim() || null,
          originLatitude: route?.originLatitude ?? null,
          originLongitude: route?.originLongitude ?? null,
          destinationId: values.destinationId ?? null,
        };
        return route ? update.mutateAsync({ id: route.id, ...body }) : create.mutateAsync(body);
      }}
    >
      <NameField />
      <DescriptionField />
      <Form.Item
        label="Fecha y hora"
        name="scheduledAt"
        rules={[{ required: true, message: REQUIRED_MESSAGE }]}
      >
        <DatePicker {...DATE_TIME_PICKER_PROPS} needConfirm={false} style={{ width: "100%" }} />
      </Form.Item>
      <Form.Item
        label="Chofer"
        name="driverId"
        rules={[{ required: true, message: REQUIRED_MESSAGE }]}
        extra={drivers.isError ? "No se pudieron cargar los choferes" : undefined}
      >
        <Select<number>
          options={driverOptions}
          showSearch={{ optionFilterProp: "label" }}
          loading={drivers.isFetching}
          placeholder="Seleccione un chofer"
          notFoundContent="No hay registros"
        />
      </Form.Item>
      <Form.Item
        label="Pasajeros"
        name="employeeIds"
        rules={[{ required: true, type: "array", min: 1, message: RIDERS_REQUIRED_MESSAGE }]}
      >
        <RiderSelect initialRiders={route?.riders} />
      </Form.Item>
      <Form.Item label="Costo (USD)" name="cost" required rules={[numberRule(costSchema)]}>
        <InputNumber<number> prefix="$" style={{ width: "100%" }} />
      </Form.Item>
      <AddressField name="originAddress" label="Dirección de origen" max={300} />
      <Form.Item label="Destino" name="destinationId">
        <DestinationSelect currentOption={currentDestination} allowClear />
      </Form.Item>
    </FormModal>
  );
}
