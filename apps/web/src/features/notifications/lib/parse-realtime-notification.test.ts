import { describe, expect, it } from "vitest";
import { parseRealtimeNotification } from "./parse-realtime-notification";

describe("parseRealtimeNotification", () => {
  it("reads title and message from the JSON string the hub sends", () => {
    const argument = JSON.stringify({
      title: "Servicio cancelado",
      message: "Ana Pérez canceló su servicio en la ruta Norte",
      tag: "CANCELED",
      messageJson: "{}",
    });
    expect(parseRealtimeNotification(argument)).toEqual({
      title: "Servicio cancelado",
      message: "Ana Pérez canceló su servicio en la ruta Norte",
    });
  });

  it("accepts an object and PascalCase keys", () => {
    expect(parseRealtimeNotification({ Title: "Comentario", Message: "Hola" })).toEqual({
      title: "Comentario",
      message: "Hola",
    });
  });

  it("gives a default title when only the message comes", () => {
    expect(parseRealtimeNotification('{"message":"Hola"}')).toEqual({
      title: "Nueva notificación",
      message: "Hola",
    });
  });

  it("ignores unreadable or empty payloads", () => {
    expect(parseRealtimeNotification("no es json")).toBeNull();
    expect(parseRealtimeNotification("[]")).toBeNull();
    expect(parseRealtimeNotification("{}")).toBeNull();
    expect(parseRealtimeNotification(undefined)).toBeNull();
  });
});
