import { Typography, theme } from "antd";
import type { CSSProperties, ReactNode } from "react";

export interface PageTitleProps {
  children: ReactNode;
  /** The heading size it is drawn at (antd's h2 or h3); it is the page's h1 either way. */
  size?: 2 | 3;
  style?: CSSProperties;
}

/** The page's one `h1`, drawn at the size of a level 2 or 3 title. */
export function PageTitle({ children, size = 2, style }: PageTitleProps) {
  const { token } = theme.useToken();
  const fontSize = size === 2 ? token.fontSizeHeading2 : token.fontSizeHeading3;
  const lineHeight = size === 2 ? token.lineHeightHeading2 : token.lineHeightHeading3;
  return (
    <Typography.Title level={1} style={{ fontSize, lineHeight, ...style }}>
      {children}
    </Typography.Title>
  );
}
