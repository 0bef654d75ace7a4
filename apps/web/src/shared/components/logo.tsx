import { Flex, Typography } from "antd";
import { BRAND } from "../constants";

export interface LogoProps {
  size?: number;
}

export function Logo({ size = 40 }: LogoProps) {
  return (
    <Flex align="center" justify="center" gap={10} data-testid="logo">
      <img src="/logo.svg" width={size} height={size} alt="" aria-hidden="true" />
      <Typography.Text strong style={{ margin: 0, color: "#1b5e20", fontSize: size * 0.6 }}>
        {BRAND}
      </Typography.Text>
    </Flex>
  );
}
