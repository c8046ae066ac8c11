import {
  isSupportedLocale,
  type PortalBootstrap,
  portalBootstrapElementId,
} from '@portal/contract';

/**
 * The start-up data the server inlined into index.html (docs/decisions/007), or null when the
 * page has none (Vite dev server, tests) or it cannot be read: the app then fetches it.
 */
export function readBootstrap(doc: Document = document): PortalBootstrap | null {
  const element = doc.getElementById(portalBootstrapElementId);
  if (element?.getAttribute('type') !== 'application/json') return null;
  try {
    const data = JSON.parse(element.textContent ?? '') as Partial<PortalBootstrap> | null;
    const config = data?.config;
    if (
      !data ||
      typeof data.locale !== 'string' ||
      !isSupportedLocale(data.locale) ||
      typeof data.translations !== 'object' ||
      data.translations === null ||
      !config?.application ||
      !config.integration ||
      !config.bodyFigure ||
      !config.radiology
    ) {
      return null;
    }
    return data as PortalBootstrap;
  } catch {
    return null;
  }
}
