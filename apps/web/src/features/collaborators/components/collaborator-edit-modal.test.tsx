import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { EmployeeListItem } from "@treiber/contract";
import { App } from "antd";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 60_000 });

const { get, put } = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock("../../../shared/api/http-client", () => ({ http: { get, put } }));

import { API, clientPath } from "@treiber/contract/api-paths";
import { LOGIN_EMAIL_CHANGE_HINT } from "../../../shared/forms/login-email-field";
import { CollaboratorEditModal } from "./collaborator-edit-modal";

const LONG = { timeout: 15_000 };

const ANA: EmployeeListItem = {
  id: 7,
  userId: 70,
  email: "ana@empresa.do",
  name: "Ana",
  lastname: "Díaz",
  codeEmployee: "E-7",
  department: "Finanzas",
  jobTitle: "Analista",
  telephone: "(809) 555-1234",
  branchOfficeId: 2,
  branchOfficeName: "Sede Central Piantini",
  address: null,
  latitude: null,
  longitude: null,
  role: "Collaborator",
  status: "active",
  createdDate: "2024-03-01T10:00:00.000Z",
};

beforeEach(() => {
  get.mockReset();
  put.mockReset();
  get.mockResolvedValue({ data: [{ id: 2, name: "Sede Central Piantini" }] });
  put.mockResolvedValue({ data: { message: "Colaborador actualizado" } });
});

describe("CollaboratorEditModal: the sign-in e-mail (issue 32)", () => {
  it("shows the e-mail with what a change does, and sends the new one with the rest", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <App>
          <CollaboratorEditModal collaborator={ANA} onClose={() => {}} />
        </App>
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole("dialog", {}, LONG);
    const email = within(dialog).getByLabelText("Correo electrónico") as HTMLInputElement;
    expect(email.value).toBe("ana@empresa.do");
    expect(within(dialog).getByText(LOGIN_EMAIL_CHANGE_HINT)).toBeTruthy();

    fireEvent.change(email, { target: { value: "ana.diaz@empresa.do" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1), LONG);
    expect(put.mock.calls[0]?.[0]).toBe(clientPath(API.employee.update));
    expect(put.mock.calls[0]?.[1]).toMatchObject({
      id: 7,
      email: "ana.diaz@empresa.do",
      codeEmployee: "E-7",
    });
  });
});
