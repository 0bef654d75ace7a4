import { useEffect, useRef, useState } from "react";
import { markScan } from "./mark-scan";

type Decoder = (data: Uint8ClampedArray, width: number, height: number) => string | null;

/** jsQR, loaded on demand (its own chunk, from our origin). */
async function loadDecoder(): Promise<Decoder> {
  const { default: jsQR } = await import("jsqr");
  return (data, width, height) =>
    jsQR(data, width, height, { inversionAttempts: "dontInvert" })?.data ?? null;
}

/** Longest side of the frame handed to the decoder (smaller = faster). */
const MAX_SIDE = 640;
const SCAN_EVERY_MS = 120;

function cameraMessage(error: unknown): string {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") {
    return "Permita el uso de la cámara para escanear los códigos QR.";
  }
  if (name === "NotFoundError" || name === "OverconstrainedError") return "No se encontró una cámara.";
  if (name === "NotReadableError") return "La cámara está en uso por otra aplicación.";
  return "No se pudo abrir la cámara.";
}

/**
 * The rear camera inside the page, decoding frames until a QR is read; calls `onRead` once per
 * mount with the code. The camera stops when the component leaves.
 */
export function QrScanner(props: { onRead: (code: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onRead = useRef(props.onRead);
  onRead.current = props.onRead;
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("2d", { willReadFrequently: true });

    async function run() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setError("Este navegador no permite usar la cámara aquí (se requiere HTTPS).");
        return;
      }
      try {
        const [decode, media] = await Promise.all([
          loadDecoder(),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }),
        ]);
        stream = media;
        if (stopped) {
          // Left while the camera was opening: close it now.
          for (const track of media.getTracks()) track.stop();
          return;
        }
        const video = videoRef.current;
        if (!video || !context) return;
        video.srcObject = media;
        video.setAttribute("playsinline", "true");
        await video.play().catch(() => {});
        let firstFrame = true;
        const tick = () => {
          if (stopped) return;
          if (video.readyState >= 2 && video.videoWidth > 0) {
            if (firstFrame) markScan("treiber:scan-camera");
            firstFrame = false;
            const grabbedAt = performance.now();
            const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
            canvas.width = Math.round(video.videoWidth * scale);
            canvas.height = Math.round(video.videoHeight * scale);
            context.drawImage(video, 0, 0, canvas.width, canvas.height);
            const frame = context.getImageData(0, 0, canvas.width, canvas.height);
            const code = decode(frame.data, frame.width, frame.height);
            if (code) {
              markScan("treiber:scan-frame", grabbedAt);
              markScan("treiber:scan-decoded");
              stopped = true;
              onRead.current(code);
              return;
            }
          }
          timer = setTimeout(tick, SCAN_EVERY_MS);
        };
        tick();
      } catch (cause) {
        if (!stopped) setError(cameraMessage(cause));
      }
    }

    void run();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  if (error) {
    return (
      <p className="scanner-error" role="alert">
        {error}
      </p>
    );
  }
  return (
    <div className="scanner">
      <video ref={videoRef} className="scanner-video" muted playsInline aria-label="Cámara" />
      <div className="scanner-frame" aria-hidden="true" />
      <p className="scanner-hint">Apunte la cámara al código QR del pasajero</p>
    </div>
  );
}
