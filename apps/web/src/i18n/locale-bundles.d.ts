/** Served by the localeBundles Vite plugin (apps/web/vite.config.ts). */
declare module "virtual:locale/*" {
  const translations: Record<string, unknown>;
  export default translations;
}
