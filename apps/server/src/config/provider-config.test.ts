import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from './paths.ts';
import { loadProviderConfig, ProviderConfigError } from './provider-config.ts';

const demoConfig = join(repoRoot, 'config');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function copyOfDemo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'provider-config-'));
  dirs.push(dir);
  cpSync(demoConfig, dir, { recursive: true });
  return dir;
}

function editJson(
  dir: string,
  file: string,
  edit: (json: Record<string, Record<string, unknown>>) => void,
) {
  const path = join(dir, file);
  const json = JSON.parse(readFileSync(path, 'utf8'));
  edit(json);
  writeFileSync(path, JSON.stringify(json));
}

function problemsOf(dir: string): string {
  try {
    loadProviderConfig(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be rejected');
}

describe('loadProviderConfig', () => {
  it('loads the demo provider', () => {
    const config = loadProviderConfig(demoConfig);
    expect(config.radiology).toMatchObject({ name: 'Southern Cross Imaging', code: 'SCI' });
    expect(config.application.theme.primaryColor).toBe('#00557f');
    expect(config.termsHtml).toContain('Terms of use');
    expect(Object.keys(config.assets).sort()).toEqual(
      [
        'check_in_header',
        'confirmation_header',
        'favicon',
        'header',
        'header_tablet',
        'image_viewer_banner',
        'patient_portal_background',
      ].sort(),
    );
    expect(config.assets.header.contentType).toBe('image/svg+xml');
    expect(config.translations['en-AU']).toBeDefined();
  });

  it('names file, key path and problem for a bad value', () => {
    const dir = copyOfDemo();
    editJson(dir, 'radiology.json', (json) => {
      json.code = 'sci' as never;
    });
    expect(problemsOf(dir)).toMatch(/radiology\.json: code: must be 2-20 capitals/);
  });

  it('names nested keys and array items, and collects problems across files', () => {
    const dir = copyOfDemo();
    editJson(dir, 'application.json', (json) => {
      json.theme!.primaryColor = 'blue';
      json.kioskNoActivitySeconds = 'soon' as never;
    });
    editJson(dir, 'booking.json', (json) => {
      json.validReferralContentTypes = ['application/pdf', 'PDF files'] as never;
    });
    const message = problemsOf(dir);
    expect(message).toContain('application.json: theme.primaryColor: must be a hex colour');
    expect(message).toContain('application.json: kioskNoActivitySeconds:');
    expect(message).toContain('booking.json: validReferralContentTypes[1]: must be a MIME type');
  });

  it('rejects unknown keys, which are usually typos', () => {
    const dir = copyOfDemo();
    editJson(dir, 'application.json', (json) => {
      json.metaTitel = 'x' as never;
      json.theme!.primaryColour = '#000000';
    });
    const message = problemsOf(dir);
    expect(message).toContain('application.json: metaTitel: is not a known setting');
    expect(message).toContain('application.json: theme.primaryColour: is not a known setting');
  });

  it('reports broken JSON and a missing radiology.json', () => {
    const dir = copyOfDemo();
    writeFileSync(join(dir, 'integration.json'), '{ "mapsKey": ');
    unlinkSync(join(dir, 'radiology.json'));
    const message = problemsOf(dir);
    expect(message).toMatch(/integration\.json: not valid JSON/);
    expect(message).toMatch(/radiology\.json: file is missing/);
  });

  it('uses defaults for optional files that are absent', () => {
    const dir = copyOfDemo();
    unlinkSync(join(dir, 'body-figure.json'));
    unlinkSync(join(dir, 'terms.html'));
    const config = loadProviderConfig(dir);
    expect(config.bodyFigure.gradientColor).toBe('#cfe3f5');
    expect(config.termsHtml).toBe('');
  });

  it('reads image-viewer.json: defaults when absent, its rules when present', () => {
    const dir = copyOfDemo();
    expect(loadProviderConfig(dir).imageViewer).toEqual({
      patientLinkMinutes: 60,
      referrerLinkMinutes: 10_080,
      externalLinkMinutes: 240,
      expiredRedirectUrl: null,
      referrerPreference: 'PORTAL',
      pacsViewerUrl: null,
      directAccessEmailDomains: [],
    });
    writeFileSync(
      join(dir, 'image-viewer.json'),
      JSON.stringify({ directAccessEmailDomains: ['Partner.Example'], patientLinkMinutes: 30 }),
    );
    expect(loadProviderConfig(dir).imageViewer).toMatchObject({
      patientLinkMinutes: 30,
      directAccessEmailDomains: ['partner.example'],
    });
    writeFileSync(
      join(dir, 'image-viewer.json'),
      JSON.stringify({
        referrerPreference: 'PACS',
        directAccessEmailDomains: ['@x'],
        linkMinutes: 5,
      }),
    );
    const message = problemsOf(dir);
    expect(message).toContain(
      'image-viewer.json: pacsViewerUrl: referrerPreference PACS needs pacsViewerUrl',
    );
    expect(message).toContain(
      'image-viewer.json: directAccessEmailDomains[0]: must be a domain name',
    );
    expect(message).toContain('image-viewer.json: linkMinutes: is not a known setting');
  });

  it('stops at the old name of authentication.json rather than ignore its settings', () => {
    const dir = copyOfDemo();
    cpSync(join(dir, 'authentication.json'), join(dir, 'access.json'));
    expect(problemsOf(dir)).toMatch(/access\.json: renamed to authentication\.json/);
  });

  it('requires every provider image', () => {
    const dir = copyOfDemo();
    unlinkSync(join(dir, 'assets', 'check_in_header.svg'));
    expect(problemsOf(dir)).toMatch(/assets: check_in_header: image is missing/);
  });

  it('picks content types from the file extension', () => {
    const dir = copyOfDemo();
    unlinkSync(join(dir, 'assets', 'favicon.svg'));
    writeFileSync(join(dir, 'assets', 'favicon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(loadProviderConfig(dir).assets.favicon).toMatchObject({
      fileName: 'favicon.png',
      contentType: 'image/png',
    });
  });

  it('sanitizes configured HTML', () => {
    const dir = copyOfDemo();
    editJson(dir, 'radiology.json', (json) => {
      json.about =
        '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:x()">x</a></p>' as never;
      json.bannerMessage = '<img src=x onerror=alert(1)><strong>Notice</strong>' as never;
    });
    writeFileSync(
      join(dir, 'terms.html'),
      '<h2>Terms</h2><iframe src="https://evil.example"></iframe>',
    );
    const config = loadProviderConfig(dir);
    expect(config.radiology.about).toBe('<p>Hi<a>x</a></p>');
    expect(config.radiology.bannerMessage).toBe('<img src="x"><strong>Notice</strong>');
    expect(config.termsHtml).toBe('<h2>Terms</h2>');
  });

  it('validates translation overrides', () => {
    const dir = copyOfDemo();
    writeFileSync(join(dir, 'translations', 'fr.json'), '{}');
    writeFileSync(join(dir, 'translations', 'mk.json'), JSON.stringify({ nav: { about: 42 } }));
    writeFileSync(join(dir, 'translations', 'en.json'), '{"__proto__": {"polluted": "yes"}}');
    const message = problemsOf(dir);
    expect(message).toContain('translations/fr.json: fr is not a supported locale');
    expect(message).toContain('translations/mk.json: nav.about: must be a text');
    expect(message).toContain('translations/en.json: __proto__: is not allowed');
  });
});
