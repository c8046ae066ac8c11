import type { Theme } from './config.ts';

/**
 * The one mapping from theme config to CSS custom properties. The server
 * inlines it into index.html (no flash of unthemed content) and the web app
 * applies the same variables, so the names cannot drift apart.
 */
export function themeToCssVariables(theme: Theme): Record<`--${string}`, string> {
  return {
    '--color-primary': theme.primaryColor,
    '--color-primary-dark': theme.primaryColorDark,
    '--color-text': theme.textColor,
    '--color-text-secondary': theme.secondaryTextColor,
    '--color-background': theme.backgroundColor,
    '--color-surface': theme.surfaceColor,
    '--color-border': theme.borderColor,
    '--color-link': theme.linkColor,
    '--color-focus': theme.focusColor,
    '--color-error': theme.errorColor,
    '--color-success': theme.successColor,
    '--font-family': theme.fontFamily,
    '--font-family-heading': theme.headingFontFamily ?? theme.fontFamily,
  };
}

/** `:root{...}` text for the variables; values are escaped so config cannot close the rule. */
export function themeToCssText(theme: Theme): string {
  const declarations = Object.entries(themeToCssVariables(theme))
    .map(([name, value]) => `${name}:${value.replace(/[<>{};]/g, '')}`)
    .join(';');
  return `:root{${declarations}}`;
}
