import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  type ApplicationAssetName,
  type ApplicationConfig,
  type AuthenticationConfig,
  applicationAssetNames,
  applicationConfigSchema,
  authenticationConfigSchema,
  type BodyFigureConfig,
  type BookingConfig,
  bodyFigureConfigSchema,
  bookingConfigSchema,
  type ImageViewerConfig,
  type IntegrationConfig,
  imageViewerConfigSchema,
  integrationConfigSchema,
  isSupportedLocale,
  type PatientDetailsConfig,
  type PatientPortalConfig,
  patientDetailsConfigSchema,
  patientPortalConfigSchema,
  type RadiologyConfig,
  type RoleTranslationsConfig,
  radiologyConfigSchema,
  roleTranslationsConfigSchema,
  type SupportedLocale,
  supportedLocales,
  type TranslationDictionary,
} from '@portal/contract';
import type { z } from 'zod';
import { repoRoot } from './paths.ts';
import { roleTranslationProblems } from './role-translations.ts';
import { sanitizeHtml } from './sanitize-html.ts';
import { findUnknownKeys } from './unknown-keys.ts';

/** One provider image, held in memory: they are few and small. */
export interface ProviderAsset {
  fileName: string;
  contentType: string;
  bytes: Buffer;
  etag: string;
}

/** Everything under config/, validated and sanitized. Read once at start. */
export interface ProviderConfig {
  application: ApplicationConfig;
  integration: IntegrationConfig;
  bodyFigure: BodyFigureConfig;
  radiology: RadiologyConfig;
  booking: BookingConfig;
  /** Patient authentication: OTP, attempt limits, sessions, captcha (config/authentication.json, optional). */
  authentication: AuthenticationConfig;
  /** What patients may change and when (config/patient-portal.json, optional). */
  patientPortal: PatientPortalConfig;
  /** Detail change requests: fields, ethnicities, insurance types (config/patient-details.json). */
  patientDetails: PatientDetailsConfig;
  /** Viewer links' lives, referrers' preference, external radiologists (config/image-viewer.json, optional). */
  imageViewer: ImageViewerConfig;
  termsHtml: string;
  /** Provider overrides of the bundled dictionaries (config/translations/<locale>.json). */
  translations: Partial<Record<SupportedLocale, TranslationDictionary>>;
  /** Wording overrides per staff role (config/role-translations.json, optional). */
  roleTranslations: RoleTranslationsConfig;
  assets: Record<ApplicationAssetName, ProviderAsset>;
}

/** Start-up stops on this; the message names every file, key path and problem found. */
export class ProviderConfigError extends Error {
  override name = 'ProviderConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid provider configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
}

export const assetContentTypes: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
};
const maxAssetBytes = 2 * 1024 * 1024;
const radiologyHtmlFields = [
  'about',
  'contact',
  'customFooter',
  'customHeaderMessage',
  'bannerMessage',
] as const;

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(file)';
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/**
 * Problems in a translation override: every leaf must be text, every branch
 * an object, and no key may touch an object prototype when merged.
 */
function translationProblems(value: unknown, path: string[] = []): string[] {
  const here = path.length === 0 ? '(file)' : path.join('.');
  if (typeof value === 'string') {
    return path.length === 0 ? [`${here}: must be an object of texts`] : [];
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [`${here}: must be a text or a group of texts`];
  }
  return Object.entries(value).flatMap(([key, child]) =>
    key === '__proto__' || key === 'constructor' || key === 'prototype'
      ? [`${[...path, key].join('.')}: is not allowed as a translation key`]
      : translationProblems(child, [...path, key]),
  );
}

/**
 * Loads and validates the provider configuration in `configDir`. Collects
 * every problem before failing, so an operator fixes them in one go.
 */
export function loadProviderConfig(configDir: string): ProviderConfig {
  const problems: string[] = [];
  const show = (file: string) => {
    const path = join(configDir, file);
    const fromRoot = relative(repoRoot, path);
    return fromRoot.startsWith('..') ? path : fromRoot;
  };

  function readJson(file: string, required: boolean): unknown {
    const path = join(configDir, file);
    if (!existsSync(path)) {
      if (required) problems.push(`${show(file)}: file is missing`);
      return required ? undefined : {};
    }
    try {
      return JSON.parse(readFileSync(path, 'utf8')) as unknown;
    } catch (error) {
      problems.push(`${show(file)}: not valid JSON (${(error as Error).message})`);
      return undefined;
    }
  }

  function parseFile<S extends z.ZodType>(
    file: string,
    schema: S,
    required = false,
  ): z.output<S> | undefined {
    const raw = readJson(file, required);
    if (raw === undefined) return undefined;
    for (const key of findUnknownKeys(schema, raw)) {
      problems.push(`${show(file)}: ${key}: is not a known setting (check the spelling)`);
    }
    const result = schema.safeParse(raw);
    if (!result.success) {
      for (const issue of result.error.issues) {
        problems.push(`${show(file)}: ${formatPath(issue.path)}: ${issue.message}`);
      }
      return undefined;
    }
    return result.data;
  }

  const application = parseFile('application.json', applicationConfigSchema);
  const integration = parseFile('integration.json', integrationConfigSchema);
  const bodyFigure = parseFile('body-figure.json', bodyFigureConfigSchema);
  const radiology = parseFile('radiology.json', radiologyConfigSchema, true);
  const booking = parseFile('booking.json', bookingConfigSchema);
  const authentication = parseFile('authentication.json', authenticationConfigSchema);
  const patientPortal = parseFile('patient-portal.json', patientPortalConfigSchema);
  const patientDetails = parseFile('patient-details.json', patientDetailsConfigSchema);
  const imageViewer = parseFile('image-viewer.json', imageViewerConfigSchema);
  const roleTranslations = parseFile('role-translations.json', roleTranslationsConfigSchema);
  for (const problem of roleTranslations ? roleTranslationProblems(roleTranslations) : []) {
    problems.push(`${show('role-translations.json')}: ${problem}`);
  }
  // Its name until migration 011's rename: a kept old file would otherwise be ignored in silence,
  // and sign-in would run on the defaults instead of the provider's OTP and captcha settings.
  if (existsSync(join(configDir, 'access.json'))) {
    problems.push(
      `${show('access.json')}: renamed to authentication.json (same settings); rename the file`,
    );
  }

  const termsPath = join(configDir, 'terms.html');
  const termsHtml = existsSync(termsPath) ? sanitizeHtml(readFileSync(termsPath, 'utf8')) : '';

  const translations = loadTranslationOverrides(configDir, show, problems);
  const assets = loadAssets(configDir, show, problems);

  if (
    problems.length > 0 ||
    !application ||
    !integration ||
    !bodyFigure ||
    !radiology ||
    !booking ||
    !authentication ||
    !patientPortal ||
    !patientDetails ||
    !imageViewer ||
    !roleTranslations
  ) {
    throw new ProviderConfigError(problems);
  }
  for (const field of radiologyHtmlFields) radiology[field] = sanitizeHtml(radiology[field]);
  return {
    application,
    integration,
    bodyFigure,
    radiology,
    booking,
    authentication,
    patientPortal,
    patientDetails,
    imageViewer,
    termsHtml,
    translations,
    roleTranslations,
    assets: assets as Record<ApplicationAssetName, ProviderAsset>,
  };
}

function loadTranslationOverrides(
  configDir: string,
  show: (file: string) => string,
  problems: string[],
): Partial<Record<SupportedLocale, TranslationDictionary>> {
  const dir = join(configDir, 'translations');
  const overrides: Partial<Record<SupportedLocale, TranslationDictionary>> = {};
  if (!existsSync(dir)) return overrides;
  for (const fileName of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const file = `translations/${fileName}`;
    const locale = fileName.slice(0, -'.json'.length);
    if (!isSupportedLocale(locale)) {
      problems.push(
        `${show(file)}: ${locale} is not a supported locale (${supportedLocales.join(', ')})`,
      );
      continue;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(join(configDir, file), 'utf8'));
    } catch (error) {
      problems.push(`${show(file)}: not valid JSON (${(error as Error).message})`);
      continue;
    }
    const found = translationProblems(raw);
    if (found.length > 0) {
      for (const problem of found) problems.push(`${show(file)}: ${problem}`);
      continue;
    }
    overrides[locale] = raw as TranslationDictionary;
  }
  return overrides;
}

function loadAssets(
  configDir: string,
  show: (file: string) => string,
  problems: string[],
): Partial<Record<ApplicationAssetName, ProviderAsset>> {
  const dir = join(configDir, 'assets');
  const files = existsSync(dir) ? readdirSync(dir) : [];
  const assets: Partial<Record<ApplicationAssetName, ProviderAsset>> = {};
  for (const name of applicationAssetNames) {
    const fileName = files.find((file) => {
      const dot = file.lastIndexOf('.');
      return file.slice(0, dot) === name && file.slice(dot + 1).toLowerCase() in assetContentTypes;
    });
    if (!fileName) {
      const extensions = Object.keys(assetContentTypes).join(', ');
      problems.push(
        `${show('assets')}: ${name}: image is missing (expected ${name}.<${extensions}>)`,
      );
      continue;
    }
    const path = join(dir, fileName);
    const size = statSync(path).size;
    if (size === 0 || size > maxAssetBytes) {
      problems.push(`${show(`assets/${fileName}`)}: ${name}: must be between 1 byte and 2 MB`);
      continue;
    }
    const bytes = readFileSync(path);
    const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
    assets[name] = {
      fileName,
      contentType: assetContentTypes[extension] ?? 'application/octet-stream',
      bytes,
      etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
    };
  }
  return assets;
}
