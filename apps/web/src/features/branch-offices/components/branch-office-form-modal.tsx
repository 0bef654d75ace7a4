import type { BranchOfficeItem } from "@treiber/contract";
import { TELEPHONE_MESSAGE, TELEPHONE_PATTERN } from "@treiber/contract";
import { Form, Input } from "antd";
import { useMemo } from "react";
import { FormModal } from "../../../shared/components/data-table";
import { AddressField, CoordinateFields, CoordinatesMapField } from "../../../shared/forms/location-fields";
import { NameField } from "../../../shared/forms/text-fields";
import { useCreateBranchOffice } from "../api/create-branch-office";
import { useUpdateBranchOffice } from "../api/update-branch-office";

interface BranchOfficeFormValues {
  name: string;
  address: string;
  telephone?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

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
      office && {
        name: office.name,
        address: office.address,
        telephone: office.telephone,
        latitude: office.latitude,
        longitude: office.longitude,
      },
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
        const body = { ...values, telephone: values.telephone || null };
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
      <CoordinatesMapField
        height={240}
        ariaLabel="Mapa de ubicación de la sucursal"
        extra="Haga clic en el mapa o arrastre el marcador."
      />
      <CoordinateFields />
    </FormModal>
  );
}
