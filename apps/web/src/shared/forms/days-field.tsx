import { DAYS_REQUIRED_MESSAGE } from "@treiber/contract";
import { Checkbox, Form, type GetProps, Spin, Typography } from "antd";
import { useDays } from "../lookups/list-days";

/**
 * 'Días' (field `dayIds`): the days of the week as checkboxes, at least one (the contract's
 * message); while they load a spinner, if they fail a retry link. Routes and shifts share it.
 */
export function DaysField() {
  const days = useDays();
  return (
    <Form.Item
      label="Días"
      name="dayIds"
      rules={[{ required: true, type: "array", min: 1, message: DAYS_REQUIRED_MESSAGE }]}
      extra={
        days.isError ? (
          <Typography.Text type="danger">
            No se pudieron cargar los días.{" "}
            <Typography.Link onClick={() => void days.refetch()}>Reintentar</Typography.Link>
          </Typography.Text>
        ) : days.isPending ? (
          <Spin size="small" />
        ) : undefined
      }
    >
      <DaysCheckboxGroup options={(days.data ?? []).map((day) => ({ value: day.id, label: day.name }))} />
    </Form.Item>
  );
}

/**
 * The days as a named group of checkboxes. Form.Item gives its control `aria-required`, which a
 * group may not carry (axe aria-allowed-attr): the required rule is still shown by the label.
 */
function DaysCheckboxGroup({
  "aria-required": _required,
  ...props
}: GetProps<typeof Checkbox.Group> & { "aria-required"?: unknown }) {
  return <Checkbox.Group role="group" aria-label="Días" {...props} />;
}
