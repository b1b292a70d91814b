/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** The snapshot file the site was built from (absolute), baked in by astro.config.mjs. */
  readonly ESPECTRO_SITE_SNAPSHOT_AT_BUILD?: string;
}
