import { getErrorMessage } from "@treiber/client";
import type { Status } from "@treiber/contract";
import { Alert, Button, Empty, Flex, Popconfirm, Skeleton, Typography } from "antd";
import type { ReactNode } from "react";
import { StatusTag } from "../../../shared/components/data-table";

export interface AssignedItem {
  id: number;
  title: string;
  description?: ReactNode;
  status: Status;
}

export interface AssignedListProps {
  /** Accessible name of the list, e.g. 'Choferes asignados'. */
  label: string;
  items: AssignedItem[] | undefined;
  loading: boolean;
  error: unknown;
  emptyText: string;
  /** Confirmation question for removing one item. */
  removeQuestion: (item: AssignedItem) => string;
  removingId: number | null;
  onRemove: (item: AssignedItem) => void;
}

/** Assigned drivers, collaborators or routes, each removable after confirmation. */
export function AssignedList({
  label,
  items,
  loading,
  error,
  emptyText,
  removeQuestion,
  removingId,
  onRemove,
}: AssignedListProps) {
  if (error) return <Alert type="error" showIcon title={getErrorMessage(error)} />;
  if (loading && !items) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (!items || items.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  }
  return (
    <ul aria-label={label} style={{ listStyle: "none", margin: 0, padding: 0 }}>
      {items.map((item) => (
        <li
          key={item.id}
          style={{ padding: "8px 0", borderBottom: "1px solid rgba(5, 5, 5, 0.06)" }}
          aria-label={item.title}
        >
          <Flex justify="space-between" align="center" gap={12}>
            <div style={{ minWidth: 0 }}>
              <Typography.Text strong>{item.title}</Typography.Text>{" "}
              {item.status === "inactive" && <StatusTag status="inactive" />}
              {item.description && (
                <div>
                  <Typography.Text type="secondary">{item.description}</Typography.Text>
                </div>
              )}
            </div>
            <Popconfirm
              title={removeQuestion(item)}
              okText="Sí"
              cancelText="No"
              onConfirm={() => onRemove(item)}
            >
              <Button
                size="small"
                danger
                loading={removingId === item.id}
                aria-label={`Quitar ${item.title}`}
              >
                Quitar
              </Button>
            </Popconfirm>
          </Flex>
        </li>
      ))}
    </ul>
  );
}
