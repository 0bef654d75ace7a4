import { WarningOutlined } from "@ant-design/icons";
import { Flex, Tag, Tooltip, Typography } from "antd";
import { routeColor } from "../lib/route-colors";
import type { PlanRouteRow } from "./plan-route-row";

/** A proposed route's colour on the map, its name, «Nueva» and its warnings. */
export function PlanRouteNameCell({ row }: { row: PlanRouteRow }) {
  return (
    <Flex align="center" gap={8} style={{ minWidth: 0 }}>
      <span
        aria-hidden
        style={{
          flex: "none",
          width: 12,
          height: 12,
          borderRadius: "50%",
          background: routeColor(row.index),
        }}
      />
      <Typography.Text ellipsis={{ tooltip: row.name }}>{row.name}</Typography.Text>
      {row.routeId === null ? <Tag color="blue">Nueva</Tag> : null}
      {row.warnings.length > 0 ? (
        <Tooltip title={row.warnings.join(". ")}>
          <WarningOutlined style={{ color: "#d48806" }} aria-label={row.warnings.join(". ")} />
        </Tooltip>
      ) : null}
    </Flex>
  );
}
