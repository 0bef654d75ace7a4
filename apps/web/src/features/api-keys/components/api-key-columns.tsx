import { formatDateTime } from "@treiber/client/format";
import { API_KEY_SCOPE_LABELS, type ApiKeyItem } from "@treiber/contract";
import type { TableColumnsType } from "antd";
import { Button, Popconfirm, Space, Tag, Tooltip, Typography } from "antd";

/** The columns of «Claves de API»: what each key may do, its last use, and «Revocar». */
export function apiKeyColumns(
  onRevoke: (key: ApiKeyItem) => void,
  revokingId?: number,
): TableColumnsType<ApiKeyItem> {
  return [
    { title: "Nombre", dataIndex: "name", key: "name", width: 200, ellipsis: true },
    {
      title: "Clave",
      dataIndex: "prefix",
      key: "prefix",
      width: 130,
      render: (prefix: string) => <Typography.Text code>{`${prefix}…`}</Typography.Text>,
    },
    {
      title: "Permisos",
      dataIndex: "scopes",
      key: "scopes",
      width: 260,
      render: (scopes: ApiKeyItem["scopes"]) => (
        <Space size={[0, 4]} wrap>
          {scopes.map((scope) => (
            <Tooltip key={scope} title={API_KEY_SCOPE_LABELS[scope]}>
              <Tag>{scope}</Tag>
            </Tooltip>
          ))}
        </Space>
      ),
    },
    {
      title: "Creada",
      key: "created",
      width: 190,
      render: (_, key) => (
        <Space orientation="vertical" size={0}>
          <span>{formatDateTime(key.createdAt)}</span>
          {key.createdBy && <Typography.Text type="secondary">{key.createdBy}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: "Último uso",
      key: "lastUsed",
      width: 190,
      render: (_, key) =>
        key.lastUsedAt ? (
          <Space orientation="vertical" size={0}>
            <span>{formatDateTime(key.lastUsedAt)}</span>
            {key.lastUsedIp && <Typography.Text type="secondary">{key.lastUsedIp}</Typography.Text>}
          </Space>
        ) : (
          <Typography.Text type="secondary">Nunca</Typography.Text>
        ),
    },
    {
      title: "Estado",
      key: "state",
      width: 170,
      render: (_, key) =>
        key.revokedAt ? (
          <Tooltip title={formatDateTime(key.revokedAt)}>
            <Tag color="red">Revocada</Tag>
          </Tooltip>
        ) : (
          <Tag color="green">Activa</Tag>
        ),
    },
    {
      title: "Acciones",
      key: "actions",
      width: 120,
      render: (_, key) =>
        key.revokedAt ? null : (
          <Popconfirm
            title="¿Revocar esta clave?"
            description="Los sistemas que la usan dejarán de tener acceso de inmediato."
            okText="Revocar"
            okButtonProps={{ danger: true }}
            cancelText="Cancelar"
            onConfirm={() => onRevoke(key)}
          >
            <Button danger size="small" loading={revokingId === key.id}>
              Revocar
            </Button>
          </Popconfirm>
        ),
    },
  ];
}
