import QRCode from "qrcode";
import { useEffect, useRef, useState } from "react";

/** The QR drawn on a canvas as wide as the screen allows (never wider than 360 px). */
export function QrCode(props: { value: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!canvas.current) return;
    const width = Math.min(360, Math.max(200, window.innerWidth - 48));
    QRCode.toCanvas(canvas.current, props.value, { width, margin: 2, errorCorrectionLevel: "M" }).then(
      () => setFailed(false),
      () => setFailed(true),
    );
  }, [props.value]);

  if (failed) return <p className="form-error">No se pudo generar el código QR</p>;
  return <canvas ref={canvas} className="qr" data-testid="qr-canvas" aria-label="Código QR personal" />;
}
