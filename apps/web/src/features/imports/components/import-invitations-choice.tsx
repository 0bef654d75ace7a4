import { IMPORT_INVITATIONS_MAX_DAYS } from "@treiber/contract";
import { DatePicker, Flex, Radio, Typography } from "antd";
import { API_DATE_FORMAT, dayjs } from "../../../shared/format";
import { DATE_PICKER_FORMAT } from "../../../shared/forms/time-of-day";
import { type InvitationsChoice, invitationsLine } from "../lib/invitation-wording";

export interface ImportInvitationsChoiceProps {
  /** New accounts, one invitation each. */
  count: number;
  value: InvitationsChoice;
  onChange: (value: InvitationsChoice) => void;
  disabled?: boolean;
}

/** 'DD/MM/YYYY' of an API date 'MM/DD/YYYY'. */
export const displayApiDate = (value: string) =>
  dayjs(value, API_DATE_FORMAT, true).format(DATE_PICKER_FORMAT);

/**
 * Before the import: send the new accounts' invitations at once, or create them without sending
 * until a go-live date; and, in words, what will happen.
 */
export function ImportInvitationsChoice({ count, value, onChange, disabled }: ImportInvitationsChoiceProps) {
  if (count === 0) return <Typography.Text>{invitationsLine(0, null)}</Typography.Text>;
  const today = dayjs().startOf("day");
  const line = !value.hold
    ? invitationsLine(count, null)
    : value.on
      ? invitationsLine(count, displayApiDate(value.on))
      : "Elija el día en que saldrán las invitaciones.";
  return (
    <Flex vertical gap={8} role="group" aria-label="Invitaciones">
      <Flex gap={16} align="center" wrap>
        <Radio.Group
          disabled={disabled}
          value={value.hold ? "hold" : "now"}
          onChange={(event) => onChange({ ...value, hold: event.target.value === "hold" })}
          options={[
            { value: "now", label: "Enviar las invitaciones al importar" },
            { value: "hold", label: "Crear sin enviar hasta el día de inicio" },
          ]}
        />
        {value.hold && (
          <DatePicker
            aria-label="Día de envío de las invitaciones"
            format={DATE_PICKER_FORMAT}
            disabled={disabled}
            disabledDate={(date) =>
              !date.isAfter(today, "day") ||
              date.isAfter(today.add(IMPORT_INVITATIONS_MAX_DAYS, "day"), "day")
            }
            value={value.on ? dayjs(value.on, API_DATE_FORMAT, true) : null}
            onChange={(date) => onChange({ ...value, on: date ? date.format(API_DATE_FORMAT) : null })}
          />
        )}
      </Flex>
      <Typography.Text strong role="status">
        {line}
      </Typography.Text>
    </Flex>
  );
}
