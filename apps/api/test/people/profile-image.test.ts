import { deflateSync } from "node:zlib";
import { API, apiPath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeNotScheduledOf, routeWith, signedInDriver } from "../helpers/operation-factories.js";
import { createEmployee } from "../helpers/route-factories.js";
import { buildTestApp, createUser, signedInAs, signIn } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

function crc32(data: Buffer) {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real w×h RGB PNG of one colour. */
function png(width = 2, height = 2, rgb: [number, number, number] = [200, 30, 30]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real w×h image of one colour, to encode as any format. */
const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 } } });

const upload = (userId: number, body: Buffer | string, contentType: string, headers = admin.headers) =>
  app.inject({
    method: "PUT",
    url: apiPath(API.profileImage.upload, { userId }),
    headers: { ...headers, "content-type": contentType },
    payload: body,
  });
const fetchImage = (userId: number, headers: Record<string, string>) =>
  app.inject({ method: "GET", url: apiPath(API.profileImage.get, { userId }), headers });

describe("PUT/GET /api/v1/ProfileImage/{userId}", () => {
  it("a user uploads their own PNG; it is served with caching headers and 304", async () => {
    const me = await signedInAs(app, "Collaborator");
    const image = png();
    const res = await upload(me.userId, image, "image/png", me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().image).toBe(
      `${apiPath(API.profileImage.get, { userId: me.userId })}?v=${res.json().etag}`,
    );
    const other = admin;
    const got = await fetchImage(me.userId, other.headers);
    expect(got.statusCode).toBe(200);
    // Stored and served as its re-encoding: a WebP of the same pixels, never sniffed.
    expect(got.headers["content-type"]).toBe("image/webp");
    expect(got.headers["x-content-type-options"]).toBe("nosniff");
    expect(got.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(got.headers["cache-control"]).toBe("private, max-age=86400");
    expect(await sharp(got.rawPayload).metadata()).toMatchObject({ format: "webp", width: 2, height: 2 });
    const etag = got.headers.etag as string;
    expect(etag).toBe(`"${res.json().etag}"`);
    const cached = await fetchImage(me.userId, { ...other.headers, "if-none-match": etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe("");
    const profile = await app.inject({ method: "GET", url: API.employee.profile.path, headers: me.headers });
    expect(profile.json().image).toBe(res.json().image);
    // A new image changes the ETag.
    await upload(me.userId, png(3, 3), "image/png", me.headers);
    expect((await fetchImage(me.userId, { ...other.headers, "if-none-match": etag })).statusCode).toBe(200);
  });

  it("accepts JPEG and WebP by their bytes", async () => {
    const user = await createUser();
    const jpeg = await solid(40, 30).jpeg().toBuffer();
    expect((await upload(user.id, jpeg, "image/jpeg")).statusCode).toBe(200);
    expect(await sharp((await fetchImage(user.id, admin.headers)).rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 40,
      height: 30,
    });
    const webp = await solid(16, 16).webp().toBuffer();
    expect((await upload(user.id, webp, "image/webp")).statusCode).toBe(200);
    expect((await fetchImage(user.id, admin.headers)).headers["content-type"]).toBe("image/webp");
  });

  it("a polyglot (a real PNG followed by HTML) is stored as a clean image without the HTML", async () => {
    const user = await createUser();
    const html = "<html><body><script>alert(document.cookie)</script></body></html>";
    const polyglot = Buffer.concat([png(8, 8), Buffer.from(html)]);
    const res = await upload(user.id, polyglot, "image/png");
    expect(res.statusCode).toBe(200);
    const got = await fetchImage(user.id, admin.headers);
    expect(got.headers["content-type"]).toBe("image/webp");
    expect(got.rawPayload.includes("<script")).toBe(false);
    expect(got.rawPayload.includes("<html")).toBe(false);
    expect(await sharp(got.rawPayload).metadata()).toMatchObject({ format: "webp", width: 8, height: 8 });
    // HTML inside the image's own metadata (a PNG text chunk) is dropped as well.
    const withText = await solid(8, 8)
      .png()
      .withMetadata({ exif: { IFD0: { ImageDescription: html } } })
      .toBuffer();
    expect(withText.includes("<script")).toBe(true);
    expect((await upload(user.id, withText, "image/png")).statusCode).toBe(200);
    expect((await fetchImage(user.id, admin.headers)).rawPayload.includes("<script")).toBe(false);
  });

  it("a large photo is bounded to 512×512, upright, without its EXIF (GPS)", async () => {
    const user = await createUser();
    const photo = await solid(1600, 1200)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: "Cámara de prueba" } } })
      .toBuffer();
    expect((await upload(user.id, photo, "image/jpeg")).statusCode).toBe(200);
    const got = await fetchImage(user.id, admin.headers);
    const meta = await sharp(got.rawPayload).metadata();
    // Orientation 6 (rotated 90°): upright it is 1200×1600, bounded to 384×512.
    expect(meta).toMatchObject({ format: "webp", width: 384, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(got.rawPayload.length).toBeLessThan(photo.length);
  });

  it("refuses what has an image header but does not decode (400, Spanish)", async () => {
    const user = await createUser();
    const broken = Buffer.concat([png(4, 4).subarray(0, 40), Buffer.from("<html>no es una imagen</html>")]);
    const res = await upload(user.id, broken, "image/png");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("La imagen está dañada o no se puede leer");
    const jpegHeader = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from("<script>x</script>"),
    ]);
    expect((await upload(user.id, jpegHeader, "image/jpeg")).statusCode).toBe(400);
    expect((await fetchImage(user.id, admin.headers)).statusCode).toBe(404);
  });

  it("refuses a fake PNG (415), a mismatched type (415), another type (415) and > 2 MB (413)", async () => {
    const user = await createUser();
    const fake = await upload(user.id, "esto no es una imagen, es texto", "image/png");
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe("Formato de imagen no permitido (PNG, JPEG o WebP)");
    expect((await upload(user.id, png(), "image/jpeg")).statusCode).toBe(415);
    const gif = await upload(user.id, "GIF89a....", "image/gif");
    expect(gif.statusCode).toBe(415);
    expect(gif.json().message).toBe("Formato de imagen no permitido (PNG, JPEG o WebP)");
    const big = Buffer.concat([png(), Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await upload(user.id, big, "image/png");
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe("La imagen no puede superar 2 MB");
    expect((await fetchImage(user.id, admin.headers)).statusCode).toBe(404);
  });

  it("roles: own image or admin; 401 without token; 404 unknown user", async () => {
    const me = await signedInAs(app, "Collaborator");
    const other = await createUser();
    expect((await upload(other.id, png(), "image/png", me.headers)).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: "PUT",
          url: apiPath(API.profileImage.upload, { userId: other.id }),
          headers: { "content-type": "image/png" },
          payload: png(),
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: "GET", url: apiPath(API.profileImage.get, { userId: other.id }) }))
        .statusCode,
    ).toBe(401);
    expect((await upload(999_999_999, png(), "image/png")).statusCode).toBe(404);
    expect((await upload(other.id, png(), "image/png")).statusCode).toBe(200);
  });

  it("GET: the owner, admins, and a driver for the riders of its own trip in progress; 403 otherwise", async () => {
    const boarded = await createEmployee();
    const expected = await createEmployee();
    const special = await createEmployee();
    const stranger = await createEmployee();
    for (const rider of [boarded, expected, special, stranger]) {
      expect((await upload(rider.user.id, png(), "image/png")).statusCode).toBe(200);
    }
    const noImage = await createEmployee();
    const own = await signIn(app, boarded.user.email);
    expect((await fetchImage(boarded.user.id, own.headers)).statusCode).toBe(200);
    expect((await fetchImage(boarded.user.id, admin.headers)).statusCode).toBe(200);
    expect(
      (await fetchImage(boarded.user.id, (await signedInAs(app, "SuperAdmin")).headers)).statusCode,
    ).toBe(200);
    // Another collaborator (even a fellow rider) or a driver without that trip: 403, with or without an image.
    const peer = await signIn(app, expected.user.email);
    expect((await fetchImage(boarded.user.id, peer.headers)).statusCode).toBe(403);
    expect((await fetchImage(noImage.user.id, peer.headers)).statusCode).toBe(403);
    expect((await fetchImage(999_999_999, peer.headers)).statusCode).toBe(403);

    const driver = await signedInDriver(app);
    const call = (method: "PUT" | "POST", url: string, payload: object) =>
      app.inject({ method, url, headers: driver.session.headers, payload });
    expect((await fetchImage(boarded.user.id, driver.session.headers)).statusCode).toBe(403);
    const route = await routeWith({ driverIds: [driver.driver.id], employeeIds: [boarded.id, expected.id] });
    const started = await call("PUT", API.intermediateRoute.start.path, { routeId: route.id });
    expect(started.statusCode).toBe(200);
    expect((await call("POST", API.transportService.scan.path, { codeQr: boarded.codeQr })).statusCode).toBe(
      201,
    );

    expect((await fetchImage(boarded.user.id, driver.session.headers)).statusCode).toBe(200);
    expect((await fetchImage(expected.user.id, driver.session.headers)).statusCode).toBe(200);
    expect((await fetchImage(noImage.user.id, driver.session.headers)).statusCode).toBe(403);
    expect((await fetchImage(stranger.user.id, driver.session.headers)).statusCode).toBe(403);
    // Another driver's trip in progress carrying the same riders gives that driver nothing.
    const otherDriver = await signedInDriver(app);
    expect((await fetchImage(boarded.user.id, otherDriver.session.headers)).statusCode).toBe(403);
    // The riders of a not-scheduled trip, once it runs.
    const unscheduled = await routeNotScheduledOf(otherDriver.driver.id, { employeeIds: [special.id] });
    const otherStart = await app.inject({
      method: "PUT",
      url: API.intermediateRoute.start.path,
      headers: otherDriver.session.headers,
      payload: { routeNotScheduledId: unscheduled.id },
    });
    expect(otherStart.statusCode).toBe(200);
    expect((await fetchImage(special.user.id, otherDriver.session.headers)).statusCode).toBe(200);
    expect((await fetchImage(special.user.id, driver.session.headers)).statusCode).toBe(403);

    // Once the trip ends, its riders' photos are no longer the driver's to see.
    const tripId = started.json().intermediateRoute.id as number;
    expect(
      (await call("PUT", API.intermediateRoute.end.path, { intermediateRouteId: tripId })).statusCode,
    ).toBe(200);
    expect((await fetchImage(boarded.user.id, driver.session.headers)).statusCode).toBe(403);
  });

  it("the image parsers do not leak to other routes", async () => {
    const res = await app.inject({
      method: "PUT",
      url: API.user.status.path,
      headers: { ...admin.headers, "content-type": "image/png" },
      payload: png(),
    });
    expect(res.statusCode).toBe(415);
  });
});

describe("PUT /api/v1/ProfileImage/{userId} body", () => {
  it("refuses a JSON body (415) and an empty image (400)", async () => {
    const user = await createUser();
    const json = await app.inject({
      method: "PUT",
      url: apiPath(API.profileImage.upload, { userId: user.id }),
      headers: admin.headers,
      payload: { image: "x" },
    });
    expect(json.statusCode).toBe(415);
    const empty = await upload(user.id, Buffer.alloc(0), "image/png");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("La imagen es requerida");
  });
});
