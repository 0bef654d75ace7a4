import { Typography } from "antd";

export interface VersionLabelProps {
  version?: string;
}

/** 'Versión ' plus a version string (default 0.0.0). */
export function VersionLabel({ version = "0.0.0" }: VersionLabelProps) {
  return (
    <Typography.Text type="secondary" data-testid="version-label" style={{ fontSize: 12 }}>
      {`Versión ${version}`}
    </Typography.Text>
  );
}
