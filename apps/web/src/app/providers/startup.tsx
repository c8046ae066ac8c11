import type { TranslationDictionary } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { type ReactNode, useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ConfigProvider, type PortalConfig } from '../../lib/config.tsx';
import { configureErrorReporting } from '../../lib/error-reporting.ts';
import { createI18n, resolveLocale } from '../../lib/i18n.ts';
import { loadedSanitizer, loadSanitizer, shellShowsHtml } from '../../lib/sanitizer.ts';
import { HeadManager } from '../head/head-manager.tsx';
import { configQuery, translationsQuery } from './startup-queries.ts';
import { StartupError, StartupLoading } from './startup-states.tsx';

/** An i18n instance made ahead from the dictionary it holds. */
export interface PreparedI18n {
  dictionary: TranslationDictionary;
  instance: i18n;
}

/**
 * Loads the four configurations and the translations, then renders its children with them
 * (docs/product/shell-and-configuration.md#start-up-and-the-head). The configurations load in
 * parallel; the translations start as soon as the locale is known: at once with a `lang` query
 * override, else when the application config (which names jsLocale) arrives.
 */
export function Startup({
  search,
  prepared,
  children,
}: {
  search: string;
  /** An i18n instance built before the first render (app/boot.ts), used if it fits. */
  prepared?: PreparedI18n;
  children: ReactNode;
}) {
  const langOverride = new URLSearchParams(search).get('lang');
  // Four useQuery calls rather than one useQueries: the same queries in parallel, without
  // useQueries' observer in the entry every page loads (about 4 KB gzip, docs/benchmarks.md).
  const application = useQuery(configQuery('application'));
  const integration = useQuery(configQuery('integration'));
  const bodyFigure = useQuery(configQuery('bodyFigure'));
  const radiology = useQuery(configQuery('radiology'));

  const requested = langOverride || application?.data?.jsLocale || null;
  const locale = useMemo(() => (requested ? resolveLocale(requested) : null), [requested]);
  const translations = useQuery(translationsQuery(locale));

  const config = useMemo<PortalConfig | null>(
    () =>
      application?.data && integration?.data && bodyFigure?.data && radiology?.data
        ? {
            application: application.data,
            integration: integration.data,
            bodyFigure: bodyFigure.data,
            radiology: radiology.data,
          }
        : null,
    [application?.data, integration?.data, bodyFigure?.data, radiology?.data],
  );
  // The shell shows configuration HTML (banner, header message, footer): load the sanitizer
  // before the first render, so the shell paints complete; otherwise it is not needed yet.
  // main.tsx loads it before the first render when the inlined start-up data says so.
  const shellHtml = radiology?.data ? shellShowsHtml(radiology.data) : false;
  const sanitizer = useQuery({
    queryKey: ['startup', 'sanitizer'],
    queryFn: async () => {
      await loadSanitizer();
      return true;
    },
    enabled: shellHtml,
    initialData: () => (loadedSanitizer() ? true : undefined),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const i18n = useMemo(() => {
    if (!locale || !translations.data) return null;
    if (prepared?.dictionary === translations.data && prepared.instance.language === locale) {
      return prepared.instance;
    }
    return createI18n(locale, translations.data);
  }, [locale, translations.data, prepared]);

  useEffect(() => {
    if (!config) return;
    configureErrorReporting({
      dsn: config.integration.sentryDSN.key,
      release: config.application.version,
      environment: config.application.production ? 'production' : 'development',
    });
  }, [config]);

  useEffect(() => {
    if (locale && i18n) document.documentElement.lang = locale;
  }, [locale, i18n]);

  const parts = [application, integration, bodyFigure, radiology, translations, sanitizer];
  if (parts.some((part) => part?.isError)) {
    const retry = () => {
      for (const part of parts) if (part?.isError) void part.refetch();
    };
    return <StartupError onRetry={retry} />;
  }
  if (!config || !i18n || (shellHtml && !sanitizer.data)) return <StartupLoading />;

  return (
    <ConfigProvider config={config}>
      <I18nextProvider i18n={i18n}>
        <HeadManager />
        {children}
      </I18nextProvider>
    </ConfigProvider>
  );
}
