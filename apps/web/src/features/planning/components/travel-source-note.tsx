import type { PlanningProposal } from "@treiber/contract";
import { Alert, Typography } from "antd";
import { travelSourceText } from "../lib/road-geometry";

/**
 * What timed the proposal, a shift's or a day's (issue 36): a warning when the routing server
 * failed, else a line for roads.
 */
export function TravelSourceNote({
  proposal,
}: {
  proposal: Pick<PlanningProposal, "travelSource" | "travelNote">;
}) {
  const source = travelSourceText(proposal);
  if (!source) return null;
  if (source.warning) return <Alert type="warning" showIcon message={source.text} />;
  return <Typography.Text type="secondary">{source.text}</Typography.Text>;
}
