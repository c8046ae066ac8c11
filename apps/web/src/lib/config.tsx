import type {
  ApplicationConfigResponse,
  BodyFigureConfig,
  IntegrationConfig,
  RadiologyConfig,
} from '@portal/contract';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * The four configurations read at start (docs/product/shell-and-configuration.md#configuration).
 */
export interface PortalConfig {
  application: ApplicationConfigResponse;
  integration: IntegrationConfig;
  bodyFigure: BodyFigureConfig;
  radiology: RadiologyConfig;
}

export const configEndpoints = {
  application: '/api/config/application',
  integration: '/api/config/integration',
  bodyFigure: '/api/config/body-figure',
  radiology: '/api/config/radiology',
} as const satisfies Record<keyof PortalConfig, string>;

const ConfigContext = createContext<PortalConfig | null>(null);

export function ConfigProvider({
  config,
  children,
}: {
  config: PortalConfig;
  children: ReactNode;
}) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

/** The loaded configuration; start-up renders nothing below it until every part has arrived. */
export function usePortalConfig(): PortalConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('usePortalConfig used outside ConfigProvider');
  return config;
}

export const useApplicationConfig = () => usePortalConfig().application;
export const useRadiologyConfig = () => usePortalConfig().radiology;
