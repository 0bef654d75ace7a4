import type { BranchOfficeItem } from "@treiber/contract";
import {
  DEFAULT_NO_SHOW_WAIT_MINUTES,
  noShowWaitMinutesSchema,
  TELEPHONE_MESSAGE,
  TELEPHONE_PATTERN,
} from "@treiber/contract";
import { Form, Input, InputNumber } from "antd";
import { useMemo } from "react";
import { FormModal } from "../../../shared/components/data-table";
import { AddressField, CoordinateFields, CoordinatesMapField } from "../../../shared/forms/location-fields";
import { NameField } from "../../../shared/forms/text-fields";
import { numberRule } from "../../../shared/forms/zod-rule";
import { useCreateBranchOffice } from "../api/create-branch-office";
import { useUpdateBranchOffice } from "../api/update-branch-office";
import {
  BranchOfficeSafetyFields,
  type BranchOfficeSafetyValues,
  safetyBodyOf,
  safetyValuesOf,
} from "./branch-office-safety-fields";

interface BranchOfficeFormValues extends BranchOfficeSafetyValues {
  name: string;
  address: string;
  telephone?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  noShowWaitMinutes: number;
}

/** A new office's values: the bookings' default wait before «Ausente», the safety defaults. */
const NEW_OFFICE = { noShowWaitMinutes: DEFAULT_NO_SHOW_WAIT_MINUTES, ...safetyValuesOf() };

export interface BranchOfficeFormModalProps {
  open: boolean;
  /** The office to edit; undefined to create. */
  office?: BranchOfficeItem;
  onClose: () => void;
}

export function BranchOfficeFormModal({ open, office, onClose }: BranchOfficeFormModalProps) {
  const [form] = Form.useForm<BranchOfficeFormValues>();
  const create = useCreateBranchOffice();
  const update = useUpdateBranchOffice();
  const initialValues = useMemo(
    () =>
      office
        ? {
            name: office.name,
            address: office.address,
            telephone: office.telephone,
            latitude: office.latitude,
            longitude: office.longitude,
            noShowWaitMinutes: office.noShowWaitMinutes,
            ...safetyValuesOf(office),
          }
        : NEW_OFFICE,
    [office],
  );

  return (
    <FormModal<BranchOfficeFormValues>
      open={open}
      title={office ? "Editar sucursal" : "Nueva sucursal"}
      form={form}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={(values) => {
        const { name, address, latitude, longitude, noShowWaitMinutes } = values;
        const body = {
          name,
          address,
          latitude,
          longitude,
          noShowWaitMinutes,
          telephone: values.telephone || null,
          ...safetyBodyOf(values),
        };
        return office ? update.mutateAsync({ id: office.id, ...body }) : create.mutateAsync(body);
      }}
    >
      <NameField />
      <AddressField required />
      <Form.Item
        label="Teléfono"
        name="telephone"
        rules={[{ pattern: TELEPHONE_PATTERN, message: TELEPHONE_MESSAGE }]}
      >
        <Input placeholder="(809) 555-1234" />
      </Form.Item>
      <Form.Item
        label="Espera antes de marcar ausente (min)"
        name="noShowWaitMinutes"
        rules={[numberRule(noShowWaitMinutesSchema)]}
        extra="Minutos que el chofer espera en la parada, después de llegar y de la hora planificada, antes de marcar «Ausente» a un colaborador."
      >
        <InputNumber<number> placeholder={String(DEFAULT_NO_SHOW_WAIT_MINUTES)} style={{ width: "100%" }} />
      </Form.Item>
      <CoordinatesMapField
        height={240}
        ariaLabel="Mapa de ubicación de la sucursal"
        extra="Haga clic en el mapa o arrastre el marcador."
      />
      <CoordinateFields />
      <BranchOfficeSafetyFields />
    </FormModal>
  );
}
