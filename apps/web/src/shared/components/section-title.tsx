import { Typography, theme } from "antd";
import type { CSSProperties, ReactNode } from "react";

export interface SectionTitleProps {
  children: ReactNode;
  /** Its place under the page's `h1` (default `h2`): headings never skip a level. */
  level?: 2 | 3;
  /** The size it is drawn at (antd's level 4 or 5 title). */
  size?: 4 | 5;
  style?: CSSProperties;
}

/** A section's heading inside a page, a drawer or a dialog: small, but in heading order. */
export function SectionTitle({ children, level = 2, size = 5, style }: SectionTitleProps) {
  const { token } = theme.useToken();
  const fontSize = size === 4 ? token.fontSizeHeading4 : token.fontSizeHeading5;
  const lineHeight = size === 4 ? token.lineHeightHeading4 : token.lineHeightHeading5;
  return (
    <Typography.Title level={level} style={{ fontSize, lineHeight, ...style }}>
      {children}
    </Typography.Title>
  );
}
