import { DownloadOutlined } from "@ant-design/icons";
import { Button, Card, Flex, Typography } from "antd";
import QRCode from "qrcode";
import { useEffect, useRef, useState } from "react";
import { SectionTitle } from "../../../shared/components/section-title";

const QR_SIZE = 320;

/** The collaborator's QR code, large enough to scan from a phone screen, downloadable as PNG. */
export function QrCodeCard(props: { value: string; name: string; codeEmployee: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!canvas.current) return;
    QRCode.toCanvas(canvas.current, props.value, {
      width: QR_SIZE,
      margin: 2,
      errorCorrectionLevel: "M",
    }).catch(() => setFailed(true));
  }, [props.value]);

  const download = () => {
    if (!canvas.current) return;
    const link = document.createElement("a");
    link.href = canvas.current.toDataURL("image/png");
    link.download = `codigo-qr-${props.codeEmployee}.png`;
    link.click();
  };

  return (
    <Card style={{ maxWidth: 420, margin: "0 auto" }}>
      <Flex vertical align="center" gap={12}>
        <SectionTitle size={4} style={{ margin: 0 }}>
          {props.name}
        </SectionTitle>
        <Typography.Text type="secondary">Código de empleado: {props.codeEmployee}</Typography.Text>
        {failed ? (
          <Typography.Text type="danger">No se pudo generar el código QR</Typography.Text>
        ) : (
          <canvas ref={canvas} data-testid="qr-canvas" aria-label="Código QR personal" />
        )}
        <Typography.Paragraph type="secondary" style={{ textAlign: "center", margin: 0 }}>
          Muestre este código al chofer al abordar el transporte.
        </Typography.Paragraph>
        <Button type="primary" icon={<DownloadOutlined />} onClick={download} disabled={failed}>
          Descargar PNG
        </Button>
      </Flex>
    </Card>
  );
}
