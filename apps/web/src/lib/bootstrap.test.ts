import type { PortalBootstrap } from '@portal/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { makeConfig } from '../testing/fixtures.ts';
import { readBootstrap } from './bootstrap.ts';

const bootstrap: PortalBootstrap = {
  config: makeConfig(),
  locale: 'mk',
  translations: { page: { home: { title: 'Добредојдовте </script> & <!--' } } },
};

function inline(text: string, type = 'application/json') {
  const element = document.createElement('script');
  element.type = type;
  element.id = 'portal-bootstrap';
  element.textContent = text;
  document.body.append(element);
}

afterEach(() => document.getElementById('portal-bootstrap')?.remove());

describe('readBootstrap', () => {
  it('reads the data block the server inlined, with its escapes decoded', () => {
    // As the server writes it: < > & as JSON unicode escapes.
    inline(
      JSON.stringify(bootstrap).replace(
        /[<>&]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      ),
    );
    expect(readBootstrap()).toEqual(bootstrap);
  });

  it('is null without a data block (Vite dev server), so start-up fetches', () => {
    expect(readBootstrap()).toBeNull();
  });

  it('is null for a block that is not JSON, not a data block, or incomplete', () => {
    inline('{not json');
    expect(readBootstrap()).toBeNull();
    document.getElementById('portal-bootstrap')?.remove();

    inline(JSON.stringify(bootstrap), 'text/plain');
    expect(readBootstrap()).toBeNull();
    document.getElementById('portal-bootstrap')?.remove();

    inline(JSON.stringify({ ...bootstrap, locale: 'xx' }));
    expect(readBootstrap()).toBeNull();
    document.getElementById('portal-bootstrap')?.remove();

    const { radiology: _dropped, ...partial } = bootstrap.config;
    inline(JSON.stringify({ ...bootstrap, config: partial }));
    expect(readBootstrap()).toBeNull();
  });
});
