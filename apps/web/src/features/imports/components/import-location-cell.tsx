import { formatCoordinate } from "@treiber/client/format";
import { Checkbox, Flex, Tag, Typography } from "antd";
import { confidenceLabel, GEOCODE_ACCEPT_CONFIDENCE, type PreviewRow } from "../lib/preview-rows";

const coordinates = (latitude: number | null, longitude: number | null) =>
  latitude === null || longitude === null
    ? ""
    : `${formatCoordinate(latitude)}, ${formatCoordinate(longitude)}`;

export interface ImportLocationCellProps {
  row: PreviewRow;
  accepted: boolean;
  onAccept: (row: number, accepted: boolean) => void;
}

/**
 * Where a collaborator's home comes from: the sheet's coordinates, a geocoded point (its confidence
 * and the place found, to accept or not), the current home kept, or none ("Sin ubicación").
 */
export function ImportLocationCell({ row, accepted, onAccept }: ImportLocationCellProps) {
  const location = row.location;
  if (!location || row.action === "error") return <span>—</span>;
  switch (location.source) {
    case "sheet":
      return (
        <Flex vertical>
          <span>Del archivo</span>
          <Typography.Text type="secondary">
            {coordinates(location.latitude, location.longitude)}
          </Typography.Text>
        </Flex>
      );
    case "geocoded":
      return (
        <Flex vertical gap={2}>
          <Checkbox checked={accepted} onChange={(event) => onAccept(row.row, event.target.checked)}>
            {`Geocodificada (${confidenceLabel(location.confidence)}): aceptar`}
          </Checkbox>
          {location.label && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: location.label }}>
              {location.label}
            </Typography.Text>
          )}
          {(location.confidence ?? 0) < GEOCODE_ACCEPT_CONFIDENCE && (
            <Typography.Text type="secondary">
              Poca precisión (barrio o ciudad): márquela solo si el lugar es correcto
            </Typography.Text>
          )}
          {!accepted && <Typography.Text type="secondary">Se importará sin ubicación</Typography.Text>}
        </Flex>
      );
    case "unchanged":
      return <span>Sin cambios</span>;
    default:
      return <Tag>Sin ubicación</Tag>;
  }
}
