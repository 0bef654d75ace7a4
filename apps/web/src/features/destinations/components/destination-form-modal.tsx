import type { DestinationItem } from "@treiber/contract";
import { Form } from "antd";
import { useMemo } from "react";
import { FormModal } from "../../../shared/components/data-table";
import { LocationFields } from "../../../shared/forms/location-fields";
import { DescriptionField, NameField } from "../../../shared/forms/text-fields";
import { useCreateDestination } from "../api/create-destination";
import { useUpdateDestination } from "../api/update-destination";

interface DestinationFormValues {
  name: string;
  description?: string | null;
  address?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

export interface DestinationFormModalProps {
  open: boolean;
  /** The destination to edit; undefined to create. */
  destination?: DestinationItem;
  onClose: () => void;
}

export function DestinationFormModal({ open, destination, onClose }: DestinationFormModalProps) {
  const [form] = Form.useForm<DestinationFormValues>();
  const create = useCreateDestination();
  const update = useUpdateDestination();
  const initialValues = useMemo(
    () =>
      destination && {
        name: destination.name,
        description: destination.description,
        address: destination.address,
        latitude: destination.latitude,
        longitude: destination.longitude,
      },
    [destination],
  );

  return (
    <FormModal<DestinationFormValues>
      open={open}
      title={destination ? "Editar destino" : "Nuevo destino"}
      form={form}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={(values) => {
        const body = {
          ...values,
          description: values.description || null,
          address: values.address || null,
          latitude: values.latitude ?? null,
          longitude: values.longitude ?? null,
        };
        return destination ? update.mutateAsync({ id: destination.id, ...body }) : create.mutateAsync(body);
      }}
    >
      <NameField />
      <DescriptionField rows={3} />
      <LocationFields
        map={{
          height: 240,
          ariaLabel: "Mapa de ubicación del destino",
          extra: "Haga clic en el mapa o arrastre el marcador.",
        }}
      />
    </FormModal>
  );
}
