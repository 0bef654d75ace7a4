import { getErrorMessage } from "@treiber/client";
import { formatDate, formatDateShortTime, formatMoney } from "@treiber/client/format";
import { Alert, App, Button, DatePicker, Descriptions, Form, Modal, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { dayjs, toCutDate } from "../../../../shared/format";
import { DATE_PICKER_FORMAT } from "../../../../shared/forms/time-of-day";
import { useCreateCut } from "../api/create-cut";
import { useCutCheck } from "../api/get-cut-check";
import { cutUntilOf, formatCutPeriod, proposeNextCut } from "../lib/cut-period";

/**
 * 'Generar corte'. Cuts tile time: the next one starts where the last ended (fixed) and ends with a
 * whole local day, yesterday at the latest (a day still running is never cut). Before the first cut
 * the start day is chosen too. Confirm, POST Cut, then the new cut opens.
 */
export function GenerateCutButton({ onGenerated }: { onGenerated: (cutId: number) => void }) {
  const { modal, message } = App.useApp();
  const check = useCutCheck();
  const createCut = useCreateCut();
  const [open, setOpen] = useState(false);
  const [since, setSince] = useState<Dayjs | null>(null);
  const [lastDay, setLastDay] = useState<Dayjs | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lastUntilDate = check.data?.lastUntilDate ?? null;
  const firstCut = check.data !== undefined && lastUntilDate === null;

  function openModal() {
    const proposal = proposeNextCut(lastUntilDate);
    setSince(proposal.since);
    setLastDay(proposal.lastDay);
    setError(null);
    setOpen(true);
  }

  const period = since && lastDay ? { since, until: cutUntilOf(lastDay) } : null;
  const periodLabel = period && formatCutPeriod(period.since.toISOString(), period.until.toISOString());

  function confirm() {
    if (!period?.since.isBefore(period.until)) {
      setError("Seleccione el último día del corte");
      return;
    }
    modal.confirm({
      title: "¿Seguro que desea generar el corte?",
      content: `Período ${periodLabel}. Los viajes finalizados del período quedarán en este corte: no podrá editarse ni eliminarse, y el siguiente corte empezará donde termina este.`,
      okText: "Sí, generar",
      cancelText: "Cancelar",
      onOk: () => generate(period),
    });
  }

  async function generate(chosen: { since: Dayjs; until: Dayjs }) {
    setError(null);
    try {
      const cut = await createCut.mutateAsync({
        sinceDate: toCutDate(chosen.since),
        untilDate: toCutDate(chosen.until),
      });
      void message.success(`${cut.message}: ${cut.trips} viajes, ${formatMoney(cut.total)}`);
      setOpen(false);
      onGenerated(cut.id);
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  }

  const today = dayjs().startOf("day");
  return (
    <>
      <Button type="primary" onClick={openModal} loading={check.isLoading}>
        Generar corte
      </Button>
      <Modal
        open={open}
        title="Generar corte"
        okText="Generar"
        cancelText="Cancelar"
        okButtonProps={{ disabled: !period }}
        confirmLoading={createCut.isPending}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          El corte incluye los viajes finalizados del período. Cada corte empieza donde terminó el anterior y
          termina con un día completo (ayer como máximo).
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
        {!lastDay && since ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={`El último corte llega hasta el ${formatDate(since)}. El próximo podrá generarse mañana.`}
          />
        ) : null}
        <Form layout="vertical">
          {firstCut ? (
            <Form.Item label="Desde (primer día del corte)" required>
              <DatePicker
                aria-label="Desde"
                format={DATE_PICKER_FORMAT}
                allowClear={false}
                disabledDate={(date) => !date.isBefore(today, "day")}
                value={since}
                onChange={(value) => {
                  setSince(value ? value.startOf("day") : null);
                  setError(null);
                }}
              />
            </Form.Item>
          ) : (
            <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
              <Descriptions.Item label="Desde (fin del último corte)">
                {since ? formatDateShortTime(since) : "—"}
              </Descriptions.Item>
            </Descriptions>
          )}
          <Form.Item label="Hasta (último día incluido)" required>
            <DatePicker
              aria-label="Hasta"
              format={DATE_PICKER_FORMAT}
              allowClear={false}
              disabled={!lastDay}
              disabledDate={(date) =>
                !date.isBefore(today, "day") || (since !== null && date.isBefore(since, "day"))
              }
              value={lastDay}
              onChange={(value) => {
                setLastDay(value);
                setError(null);
              }}
            />
          </Form.Item>
        </Form>
        {periodLabel && <Typography.Text strong>Período: {periodLabel}</Typography.Text>}
      </Modal>
    </>
  );
}
