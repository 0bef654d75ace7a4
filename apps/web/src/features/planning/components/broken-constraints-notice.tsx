import { Alert, Checkbox, Flex } from "antd";
import type { BrokenConstraints } from "../lib/broken-constraints";

export interface BrokenConstraintsNoticeProps {
  broken: BrokenConstraints;
  /** The admin accepts the rides over the maximum. */
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
}

const list = (items: string[]) => (
  <ul style={{ margin: 0, paddingInlineStart: 20 }}>
    {items.map((item) => (
      <li key={item}>{item}</li>
    ))}
  </ul>
);

/**
 * The apply dialog's «restricciones» item (issue 33): routes with more riders than seats stop the
 * apply until riders are moved; rides over the maximum are listed and must be accepted first.
 */
export function BrokenConstraintsNotice({
  broken,
  accepted,
  onAcceptedChange,
}: BrokenConstraintsNoticeProps) {
  if (broken.seats.length === 0 && broken.ride.length === 0) return null;
  return (
    <Flex vertical gap={8} data-testid="broken-constraints">
      {broken.seats.length > 0 ? (
        <Alert
          type="error"
          showIcon
          title="No se puede aplicar: hay rutas con más colaboradores que asientos"
          description={
            <>
              {list(broken.seats)}
              Vuelva y mueva colaboradores a otra ruta o a una ruta nueva.
            </>
          }
        />
      ) : null}
      {broken.ride.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title="Hay viajes más largos que el máximo"
          description={
            <Flex vertical gap={8}>
              {list(broken.ride)}
              <Checkbox checked={accepted} onChange={(event) => onAcceptedChange(event.target.checked)}>
                Aplicar de todos modos con estos viajes más largos
              </Checkbox>
            </Flex>
          }
        />
      ) : null}
    </Flex>
  );
}
