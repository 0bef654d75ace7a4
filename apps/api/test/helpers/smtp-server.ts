import { createServer, type Server } from "node:net";

/** A minimal SMTP server over real TCP that keeps every message it accepts. */
export function startSmtp() {
  const received: string[] = [];
  const server = createServer((socket) => {
    let data: string | undefined;
    // A line may arrive split over two chunks (a large attachment): only whole lines are read.
    let pending = "";
    socket.write("220 prueba ESMTP\r\n");
    socket.on("data", (chunk) => {
      const lines = (pending + chunk.toString("utf8")).split("\r\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (data !== undefined) {
          if (line === ".") {
            received.push(data);
            data = undefined;
            socket.write("250 OK\r\n");
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write("250 prueba\r\n");
        else if (/^DATA/i.test(line)) {
          data = "";
          socket.write("354 fin con .\r\n");
        } else if (/^QUIT/i.test(line)) socket.end("221 adiós\r\n");
        else if (line) socket.write("250 OK\r\n");
      }
    });
  });
  return new Promise<{ server: Server; port: number; received: string[] }>((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve({ server, port: typeof address === "object" && address ? address.port : 0, received });
    }),
  );
}
