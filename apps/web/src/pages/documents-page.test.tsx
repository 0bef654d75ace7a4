import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { DocumentItem, DocumentListResponse } from "@treiber/contract";
import { App } from "antd";
import { MemoryRouter, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 120_000 });
// antd renders slowly in jsdom when the whole suite runs in parallel.
const LONG = { timeout: 15_000 };

const { get, put, post, role } = vi.hoisted(() => ({
  get: vi.fn(),
  put: vi.fn(),
  post: vi.fn(),
  role: { supplierUser: false },
}));
vi.mock("../shared/api/http-client", () => ({ http: { get, put, post } }));
vi.mock("../shared/session/portal-role", () => ({
  isSupplierUser: () => role.supplierUser,
  useIsSupplierUser: () => role.supplierUser,
}));

import { API, clientPath } from "@treiber/contract/api-paths";
import { DocumentsPage } from "./documents-page";

const PENDING: DocumentItem = {
  id: 7,
  ownerType: "DRIVER",
  ownerId: 4,
  ownerName: "Juan Pérez",
  supplierId: 2,
  supplierName: "Transportes Norte",
  type: "LICENSE",
  category: "4",
  number: "LIC-555",
  expiresOn: "2027-03-15",
  status: "VALID",
  review: "PENDING",
  reviewNote: null,
  reviewedAt: null,
  fileName: "licencia.pdf",
  contentType: "application/pdf",
  sizeBytes: 2048,
  uploadedAt: "2026-11-20T14:00:00.000Z",
  uploadedBy: "Ana Suplidora",
  current: false,
};
const statusBadges = () => screen.getAllByTestId("document-status").map((tag) => tag.textContent);
const EXPIRED: DocumentItem = {
  ...PENDING,
  id: 8,
  ownerType: "VEHICLE",
  ownerName: "A123456 (Juan Pérez)",
  type: "INSURANCE",
  category: null,
  number: "SEG-1",
  expiresOn: "2026-11-12",
  status: "EXPIRED",
  review: "APPROVED",
  fileName: "seguro.pdf",
  current: true,
};
const LIST: DocumentListResponse = { amount: 2, list: [PENDING, EXPIRED] };

const DRIVERS = {
  amount: 1,
  list: [
    {
      id: 4,
      userId: 9,
      email: "juan@x.do",
      name: "Juan",
      lastname: "Pérez",
      identityCard: "001-1234567-8",
      telephone: null,
      licenseNumber: "L1",
      supplierId: 2,
      supplierName: "Transportes Norte",
      vehiclePlate: "A123456",
      vehicleModel: "Toyota Hiace",
      vehicleCapacity: 15,
      status: "active",
      createdDate: "2024-03-01T10:00:00.000Z",
    },
  ],
};

function answer(url: string) {
  if (url === clientPath(API.document.list)) return Promise.resolve({ data: LIST });
  if (url === clientPath(API.supplier.listName))
    return Promise.resolve({ data: [{ id: 2, name: "Transportes Norte" }] });
  if (url === clientPath(API.driver.list)) return Promise.resolve({ data: DRIVERS });
  return Promise.reject(new Error(`unexpected ${url}`));
}

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function renderPage(url = "/documents") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={[url]}>
          <DocumentsPage />
          <Where />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

/** Picks `option` in the select named `label` (inside `scope`). */
async function choose(scope: HTMLElement, label: string, option: string) {
  // A select waits disabled for the choice before it (the owner's name for its type): a busy machine
  // may not have rendered that choice yet, and a disabled select ignores the click that opens it.
  await waitFor(
    () => expect(within(scope).getByRole("combobox", { name: label }).hasAttribute("disabled")).toBe(false),
    LONG,
  );
  fireEvent.mouseDown(within(scope).getByRole("combobox", { name: label }));
  fireEvent.click((await screen.findAllByTitle(option, {}, LONG)).at(-1) as HTMLElement);
}

beforeEach(() => {
  get.mockReset();
  put.mockReset();
  post.mockReset();
  get.mockImplementation(answer);
  role.supplierUser = false;
});

describe("«Documentos» (issue 37)", () => {
  it("lists the papers with the URL's filters, their status and review badges", async () => {
    renderPage("/documents?ownerType=DRIVER&status=EXPIRED&review=PENDING&supplierId=2&page=2");
    expect(await screen.findByText("Chofer: Juan Pérez", {}, LONG)).toBeTruthy();
    expect(get).toHaveBeenCalledWith(clientPath(API.document.list), {
      params: {
        amount: 10,
        skip: 2,
        ownerType: "DRIVER",
        status: "EXPIRED",
        review: "PENDING",
        supplierId: 2,
      },
    });
    expect(statusBadges()).toEqual(["Vigente", "Vencido"]);
    expect(screen.getAllByTestId("document-review").map((tag) => tag.textContent)).toEqual([
      "Por aprobar",
      "Aprobado",
    ]);
    expect(screen.getByText("Licencia de conducir (cat. 4)")).toBeTruthy();
    expect(screen.getByText("15/03/2027")).toBeTruthy();
    // An administrator sees the supplier, and reviews only the pending paper.
    expect(screen.getAllByText("Transportes Norte").length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "Aprobar documento LIC-555" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Aprobar documento SEG-1" })).toBeNull();
  });

  it("writes a new filter into the URL and goes back to the first page", async () => {
    renderPage("/documents?page=3");
    await screen.findByText("Chofer: Juan Pérez", {}, LONG);
    await choose(document.body, "Estado", "Por vencer");
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("?status=EXPIRING"), LONG);
  });

  it("approves a pending paper after confirming it", async () => {
    put.mockResolvedValue({ data: { message: "Documento revisado" } });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Aprobar documento LIC-555" }, LONG));
    const dialog = await screen.findByRole("dialog", {}, LONG);
    expect(within(dialog).getByText("Aprobar documento")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Aprobar" }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1), LONG);
    expect(put).toHaveBeenCalledWith(clientPath(API.document.approve), { id: 7, decision: "APPROVED" });
  });

  it("asks why before rejecting, then sends the note; a server refusal is shown in Spanish", async () => {
    put.mockRejectedValueOnce(
      Object.assign(new Error("conflict"), {
        isAxiosError: true,
        response: { status: 409, data: { message: "Este documento ya fue revisado" } },
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Rechazar documento LIC-555" }, LONG));
    const dialog = await screen.findByRole("dialog", {}, LONG);
    fireEvent.click(within(dialog).getByRole("button", { name: "Rechazar" }));
    expect(await within(dialog).findByText("Indique por qué se rechaza", {}, LONG)).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText("Nota"), { target: { value: " Foto ilegible " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Rechazar" }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1), LONG);
    expect(put).toHaveBeenCalledWith(clientPath(API.document.approve), {
      id: 7,
      decision: "REJECTED",
      note: "Foto ilegible",
    });
    expect(await within(dialog).findByText("Este documento ya fue revisado", {}, LONG)).toBeTruthy();
  });

  it("shows the server's message with a retry, then the empty state", async () => {
    let calls = 0;
    get.mockImplementation((url: string) => {
      if (url !== clientPath(API.document.list)) return answer(url);
      calls += 1;
      if (calls === 1)
        return Promise.reject(
          Object.assign(new Error("forbidden"), {
            isAxiosError: true,
            response: { status: 403, data: { message: "No tiene permiso para esta operación" } },
          }),
        );
      return Promise.resolve({ data: { amount: 0, list: [] } });
    });
    renderPage();
    expect(await screen.findByText("No tiene permiso para esta operación", {}, LONG)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByText("No hay registros", {}, LONG)).toBeTruthy();
  });

  it("downloads a paper's file through the authenticated client", async () => {
    const blob = new Blob(["%PDF-1.4"], { type: "application/pdf" });
    get.mockImplementation((url: string) =>
      url === clientPath(API.document.file, { id: 7 }) ? Promise.resolve({ data: blob }) : answer(url),
    );
    const createObjectURL = vi.fn(() => "blob:documento");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Ver archivo licencia.pdf" }, LONG));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledWith(blob), LONG);
    expect(get).toHaveBeenCalledWith(clientPath(API.document.file, { id: 7 }), {
      responseType: "blob",
      signal: undefined,
    });
  });
});

describe("«Documentos» for a supplier's user", () => {
  beforeEach(() => {
    role.supplierUser = true;
  });

  it("has no supplier filter nor review actions (the server lists only theirs)", async () => {
    renderPage();
    await screen.findByText("Chofer: Juan Pérez", {}, LONG);
    expect(screen.queryByRole("combobox", { name: "Suplidor" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Aprobar documento/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Rechazar documento/ })).toBeNull();
    expect(screen.getAllByRole("button", { name: /Ver archivo/ })).toHaveLength(2);
  });

  it("checks the file before sending it, then uploads a licence as multipart", async () => {
    post.mockResolvedValue({ data: { id: 30, message: "Documento cargado" } });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: /Cargar documento/ }, LONG));
    const dialog = await screen.findByRole("dialog", {}, LONG);
    expect(within(dialog).getByText(/Un administrador revisará el documento/)).toBeTruthy();

    await choose(dialog, "Titular", "Chofer");
    await choose(dialog, "Nombre del titular", "Juan Pérez");
    await choose(dialog, "Documento", "Licencia de conducir");
    await choose(dialog, "Categoría", "Categoría 4 (transporte de pasajeros)");
    fireEvent.change(within(dialog).getByLabelText("Número"), { target: { value: "LIC-777" } });
    const date = within(dialog).getByPlaceholderText("DD/MM/AAAA");
    fireEvent.mouseDown(date);
    fireEvent.change(date, { target: { value: "15/03/2027" } });
    fireEvent.keyDown(date, { key: "Enter", code: "Enter" });

    const input = within(dialog).getByTestId("document-file") as HTMLInputElement;
    const exe = new File(["MZ"], "licencia.exe", { type: "application/octet-stream" });
    fireEvent.change(input, { target: { files: [exe] } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await within(dialog).findByText("El archivo debe ser PDF, JPG o PNG", {}, LONG)).toBeTruthy();
    const big = new File(["x"], "licencia.pdf", { type: "application/pdf" });
    Object.defineProperty(big, "size", { value: 11 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await within(dialog).findByText("El archivo no puede pasar de 10 MB", {}, LONG)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    const pdf = new File(["%PDF-1.4"], "licencia.pdf", { type: "application/pdf" });
    fireEvent.change(input, { target: { files: [pdf] } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1), LONG);
    const [url, body] = post.mock.calls[0] as [string, FormData];
    expect(url).toBe(clientPath(API.document.upload));
    expect(Object.fromEntries([...body.entries()].filter(([name]) => name !== "file"))).toEqual({
      ownerType: "DRIVER",
      ownerId: "4",
      type: "LICENSE",
      number: "LIC-777",
      expiresOn: "2027-03-15",
      category: "4",
    });
    expect((body.get("file") as File).name).toBe("licencia.pdf");
  });
});
