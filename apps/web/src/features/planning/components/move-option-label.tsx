import { WarningOutlined } from "@ant-design/icons";
import { Flex, Typography } from "antd";
import { type MovePreview, previewParts } from "../lib/move-preview";

/**
 * A «Mover a…» choice with what it would do to that route: seats used of its seats, its longest ride
 * against the maximum and the km and minutes it gains. A route the move would break is marked with
 * a warning sign and red figures, and says so in words (not only by colour).
 */
export function MoveOptionLabel({ label, preview }: { label: string; preview: MovePreview }) {
  const parts = previewParts(preview);
  const breaks = preview.overSeats || preview.overRide;
  return (
    <Flex vertical style={{ lineHeight: 1.35, padding: "2px 0" }}>
      <span>
        {breaks ? <WarningOutlined style={{ color: "#d48806", marginInlineEnd: 6 }} aria-hidden /> : null}
        {label}
      </span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <Typography.Text type={preview.overSeats ? "danger" : "secondary"} style={{ fontSize: 12 }}>
          {parts.seats}
        </Typography.Text>
        {" · "}
        <Typography.Text type={preview.overRide ? "danger" : "secondary"} style={{ fontSize: 12 }}>
          {parts.ride}
        </Typography.Text>
        {` · ${parts.km} · ${parts.minutes}`}
      </Typography.Text>
    </Flex>
  );
}
