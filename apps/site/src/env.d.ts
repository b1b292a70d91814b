/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** The snapshot file the site was built from (absolute), baked in by astro.config.mjs. */
  readonly ESPECTRO_SITE_SNAPSHOT_AT_BUILD?: string;
}

declare namespace App {
  interface Locals {
    /** Set by the middleware when it refuses a cross-site form submission (src/lib/cross-site.ts). */
    refusedSubmission?: import('./lib/cross-site.js').RefusedSubmission;
  }
}
