import { useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { LOGOUT_ERROR_MESSAGE } from "../../../shared/constants";
import { getSession, notifySessionChanged } from "../../../shared/session/session-store";
import { revokeToken } from "../api/revoke-token";

/** Asks for confirmation, revokes the refresh token, clears storage and cache, goes to /login. */
export function useLogout(): () => void {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useCallback(() => {
    modal.confirm({
      title: "¿Seguro que desea cerrar sesión?",
      okText: "Sí, cerrar sesión",
      cancelText: "Cancelar",
      onOk: async () => {
        try {
          const refreshToken = getSession()?.refreshToken;
          if (refreshToken) await revokeToken(refreshToken);
          window.localStorage.clear();
          notifySessionChanged();
          queryClient.clear();
          await navigate("/login", { replace: true });
        } catch {
          void message.error(LOGOUT_ERROR_MESSAGE);
        }
      },
    });
  }, [modal, message, queryClient, navigate]);
}
