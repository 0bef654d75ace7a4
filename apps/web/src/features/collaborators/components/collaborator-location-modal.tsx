import { formatCoordinate } from "@treiber/client/format";
import { type EmployeeListItem, employeeLocationRequestSchema } from "@treiber/contract";
import { Form, Typography } from "antd";
import { useMemo } from "react";
import { CircleMarker, Tooltip } from "react-leaflet";
import { FormModal } from "../../../shared/components/data-table";
import { AddressField } from "../../../shared/forms/location-fields";
import { zodRule } from "../../../shared/forms/zod-rule";
import { LocationPickerMap, type MapPoint } from "../../../shared/map";
import { useCollaboratorLocations } from "../api/list-collaborator-locations";
import { useSetCollaboratorLocation } from "../api/set-collaborator-location";

export const PICK_LOCATION_MESSAGE = "Seleccione la ubicación en el mapa";

/** Field names differ from the create form's (same page, same default form ids). */
interface LocationFormValues {
  homeAddress: string;
  homePoint: MapPoint | null;
}

export interface CollaboratorLocationModalProps {
  collaborator: EmployeeListItem | null;
  onClose: () => void;
}

function currentPoint(collaborator: EmployeeListItem | null): MapPoint | null {
  if (!collaborator || collaborator.latitude === null || collaborator.longitude === null) return null;
  return { latitude: collaborator.latitude, longitude: collaborator.longitude };
}

/** Home location of a collaborator: address plus a marker placed (click or drag) on the map. */
export function CollaboratorLocationModal({ collaborator, onClose }: CollaboratorLocationModalProps) {
  const [form] = Form.useForm<LocationFormValues>();
  const open = collaborator !== null;
  const save = useSetCollaboratorLocation();
  const others = useCollaboratorLocations(open);
  const hasLocation = currentPoint(collaborator) !== null;
  const initialValues = useMemo<LocationFormValues | undefined>(
    () =>
      collaborator
        ? { homeAddress: collaborator.address ?? "", homePoint: currentPoint(collaborator) }
        : undefined,
    [collaborator],
  );
  const point = Form.useWatch("homePoint", form);

  async function submit(values: LocationFormValues) {
    if (!collaborator || !values.homePoint) return;
    await save.mutateAsync({
      employeeId: collaborator.id,
      hasLocation,
      address: values.homeAddress,
      latitude: values.homePoint.latitude,
      longitude: values.homePoint.longitude,
    });
  }

  const neighbours = (others.data ?? []).filter((item) => item.id !== collaborator?.id);

  return (
    <FormModal<LocationFormValues>
      open={open}
      title="Ubicación de residencia"
      form={form}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={submit}
      savedLabel={() =>
        collaborator ? `ubicación de ${collaborator.name} ${collaborator.lastname}` : "ubicación"
      }
    >
      {collaborator && (
        <Typography.Paragraph type="secondary">
          {collaborator.name} {collaborator.lastname}: haga clic en el mapa o arrastre el marcador.
        </Typography.Paragraph>
      )}
      <AddressField
        name="homeAddress"
        required
        rules={[zodRule(employeeLocationRequestSchema.shape.address)]}
      />
      <Form.Item
        label="Ubicación en el mapa"
        name="homePoint"
        required
        rules={[{ required: true, message: PICK_LOCATION_MESSAGE }]}
        extra={
          point
            ? `Latitud ${formatCoordinate(point.latitude, 6)}, longitud ${formatCoordinate(point.longitude, 6)}`
            : "Sin ubicación seleccionada"
        }
      >
        <LocationPickerMap key={collaborator?.id ?? 0} height={320} ariaLabel="Mapa de ubicación">
          {neighbours.map((item) => (
            <CircleMarker
              key={item.id}
              center={[item.latitude, item.longitude]}
              radius={5}
              pathOptions={{ color: "#8c8c8c", fillOpacity: 0.6 }}
              interactive
            >
              <Tooltip>
                {item.name} {item.lastname}
              </Tooltip>
            </CircleMarker>
          ))}
        </LocationPickerMap>
      </Form.Item>
    </FormModal>
  );
}
