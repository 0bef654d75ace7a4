import { Flex, Spin } from "antd";

export function PageSpinner() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: "60vh" }}>
      <Spin size="large" />
    </Flex>
  );
}
