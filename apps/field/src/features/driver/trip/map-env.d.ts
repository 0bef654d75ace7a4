interface ImportMetaEnv {
  /** Tile URL template of the maps (same variable as the back office), read at build time. */
  readonly VITE_MAP_TILE_URL?: string;
}
