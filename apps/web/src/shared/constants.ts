/**
 * Back-office constants (spec §1, §2, §9); the ones every client shares live in @treiber/client, the
 * API's page sizes and ranges in @treiber/contract.
 */
export const BRAND = "Treiber";
export const APP_VERSION = "1.5.0";

export const SIDEBAR_WIDTH = 290;
/** Below this viewport width the sidebar becomes a burger drawer. */
export const MOBILE_BREAKPOINT = 430;
export const NOTIFICATION_PANEL_MAX_HEIGHT = 500;

export const PROGRESS_THROTTLE_MS = 200;

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_RANGE_DAYS = 6;

export const LOGOUT_ERROR_MESSAGE = "Oops error, al momento de cerrar sesión";
