import type {
  ApplicationConfigResponse,
  RadiologyConfig,
  TranslationDictionary,
} from '@portal/contract';

export async function getJson<T>(portalUrl: string, path: string): Promise<T> {
  const response = await fetch(`${portalUrl}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The same dictionary the page uses, so tests find elements by the words a person reads. */
export async function translator(portalUrl: string, lang = 'en-AU'): Promise<Translate> {
  const dictionary = await getJson<TranslationDictionary>(
    portalUrl,
    `/api/assets/translations?lang=${lang}`,
  );
  return (key, values = {}) => {
    let node: string | TranslationDictionary | undefined = dictionary;
    for (const part of key.split('.')) {
      node = typeof node === 'object' ? node[part] : undefined;
    }
    if (typeof node !== 'string') throw new Error(`no translation for ${key}`);
    return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

export interface ProviderFacts {
  radiology: RadiologyConfig;
  application: ApplicationConfigResponse;
}

export async function providerFacts(portalUrl: string): Promise<ProviderFacts> {
  const [radiology, application] = await Promise.all([
    getJson<RadiologyConfig>(portalUrl, '/api/config/radiology'),
    getJson<ApplicationConfigResponse>(portalUrl, '/api/config/application'),
  ]);
  return { radiology, application };
}
