import { BellOutlined, CloseCircleOutlined, MessageOutlined, UserAddOutlined } from "@ant-design/icons";
import type { NotificationTag } from "@treiber/contract";

const STYLE = { fontSize: 20 };

/** Type icon: COMMENT, CANCELED or ASSIGNED. */
export function NotificationTagIcon({ tag }: { tag: NotificationTag | string }) {
  switch (tag) {
    case "COMMENT":
      return <MessageOutlined aria-label="Comentario" style={{ ...STYLE, color: "#1677ff" }} />;
    case "CANCELED":
      return <CloseCircleOutlined aria-label="Cancelado" style={{ ...STYLE, color: "#d32f2f" }} />;
    case "ASSIGNED":
      return <UserAddOutlined aria-label="Asignado" style={{ ...STYLE, color: "#1b5e20" }} />;
    default:
      return <BellOutlined style={STYLE} />;
  }
}
