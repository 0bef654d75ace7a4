import { Alert } from "antd";
import { useCutCheck } from "../api/get-cut-check";

/**
 * The billing invariant, as the server checks it: every finished trip that ended inside a cut
 * period is in exactly one cut. "0" is what a finance person wants to read.
 */
export function CutCheckAlert() {
  const check = useCutCheck();
  if (!check.data) return null;
  const { uncutFinishedTrips, tripsInTwoCuts } = check.data;
  const sound = uncutFinishedTrips === 0 && tripsInTwoCuts === 0;
  return (
    <Alert
      type={sound ? "success" : "error"}
      showIcon
      message={`Viajes finalizados sin corte en periodos cortados: ${uncutFinishedTrips}`}
      description={tripsInTwoCuts > 0 ? `Viajes incluidos en más de un corte: ${tripsInTwoCuts}` : undefined}
    />
  );
}
