import { getErrorMessage } from "@treiber/client";
import { Alert, App, Button, DatePicker, Form, Modal, Typography } from "antd";
import { useState } from "react";
import { type DateRange, dayjs, formatDate, formatMoney, toApiDate, toCutDate } from "../../../shared/format";
import { useCreateCut } from "../api/create-cut";

const API_FORMAT = "MM/DD/YYYY";

export interface GenerateCutButtonProps {
  /** The range shown in the page (MM/DD/YYYY), proposed as the cut's period. */
  sinceDate: string;
  untilDate: string;
  /** Called with the cut's period (MM/DD/YYYY) once it is generated. */
  onGenerated: (sinceDate: string, untilDate: string) => void;
}

/**
 * The cut's period in UTC, half-open like the server's `[since, until)`: from the first day's
 * 00:00:00 to the next day after the last one, local time; a period through today ends now (a cut
 * cannot end in the future).
 */
export function cutPeriod([since, until]: DateRange, now: Date = new Date()) {
  const afterLastDay = until.add(1, "day").startOf("day");
  const end = afterLastDay.isAfter(now) ? dayjs(now) : afterLastDay;
  return {
    sinceDate: toCutDate(since.startOf("day")),
    untilDate: toCutDate(end.millisecond(0)),
  };
}

/** 'Generar corte': pick the period, confirm, POST Cut; an overlapping cut shows the server's message. */
export function GenerateCutButton({ sinceDate, untilDate, onGenerated }: GenerateCutButtonProps) {
  const { modal, message } = App.useApp();
  const createCut = useCreateCut();
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState<DateRange | null>(null);
  const [error, setError] = useState<string | null>(null);

  function openModal() {
    const since = dayjs(sinceDate, API_FORMAT);
    const until = dayjs(untilDate, API_FORMAT);
    setRange(since.isValid() && until.isValid() ? [since, until] : null);
    setError(null);
    setOpen(true);
  }

  function confirm() {
    if (!range) {
      setError("Seleccione el período del corte");
      return;
    }
    const [since, until] = range;
    modal.confirm({
      title: "¿Seguro que desea generar el corte?",
      content: `Del ${formatDate(since)} al ${formatDate(until)}. Los viajes finalizados del período quedarán incluidos en este corte y no podrán facturarse en otro.`,
      okText: "Sí, generar",
      cancelText: "Cancelar",
      onOk: () => generate(range),
    });
  }

  async function generate(period: DateRange) {
    setError(null);
    try {
      const cut = await createCut.mutateAsync(cutPeriod(period));
      void message.success(`${cut.message}: ${cut.trips} viajes, ${formatMoney(cut.total)}`);
      setOpen(false);
      onGenerated(toApiDate(period[0]), toApiDate(period[1]));
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  }

  return (
    <>
      <Button type="primary" onClick={openModal}>
        Generar corte
      </Button>
      <Modal
        open={open}
        title="Generar corte"
        okText="Generar"
        cancelText="Cancelar"
        confirmLoading={createCut.isPending}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          El corte incluye los viajes finalizados del período que aún no pertenecen a otro corte.
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Form layout="vertical">
          <Form.Item label="Período" required>
            <DatePicker.RangePicker
              aria-label="Período del corte"
              format="DD/MM/YYYY"
              placeholder={["Desde", "Hasta"]}
              disabledDate={(date) => date.isAfter(dayjs(), "day")}
              value={range}
              onChange={(value) => {
                const [from, to] = value ?? [];
                setRange(from && to ? [from, to] : null);
                setError(null);
              }}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
