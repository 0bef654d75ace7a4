import { getErrorMessage } from "@treiber/client";
import { Checkbox, Flex, Skeleton, Typography } from "antd";
import { useDays } from "../../../shared/lookups/list-days";

export interface DaysFieldProps {
  value: number[];
  onChange: (dayIds: number[]) => void;
  disabled?: boolean;
}

/** «Días» the applied routes run on: a checkbox per day of the week (default: the shift's days). */
export function DaysField({ value, onChange, disabled }: DaysFieldProps) {
  const days = useDays();
  return (
    <Flex role="group" aria-labelledby="planning-days-label" align="center" gap={12} wrap>
      <Typography.Text strong id="planning-days-label">
        Días
      </Typography.Text>
      {days.isPending ? <Skeleton.Input active size="small" style={{ width: 360 }} /> : null}
      {days.isError ? <Typography.Text type="danger">{getErrorMessage(days.error)}</Typography.Text> : null}
      {days.data ? (
        <Checkbox.Group
          value={value}
          disabled={disabled}
          onChange={(checked) => onChange([...checked].sort((a, b) => a - b))}
          options={days.data.map((day) => ({ value: day.id, label: day.name }))}
        />
      ) : null}
      {value.length === 0 && days.data ? (
        <Typography.Text type="danger">Seleccione al menos un día</Typography.Text>
      ) : null}
    </Flex>
  );
}
