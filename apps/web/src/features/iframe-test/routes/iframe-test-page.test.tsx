import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { parseEmbedLink } from './embed-link.ts';

const origin = 'http://localhost:3000';

describe('parseEmbedLink', () => {
  it('defaults to /iframe/select-region', () => {
    expect(parseEmbedLink(null, origin)).toBe('/iframe/select-region');
    expect(parseEmbedLink('  ', origin)).toBe('/iframe/select-region');
  });

  it('accepts a path on this site, with its query', () => {
    expect(parseEmbedLink('/iframe/about?kioskMode=true', origin)).toBe(
      '/iframe/about?kioskMode=true',
    );
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'iframe/about',
    'data:text/html,<script>1</script>',
  ])('rejects %s', (link) => {
    expect(parseEmbedLink(link, origin)).toBeNull();
  });
});

describe('iframe test page', () => {
  it('embeds the default page in a titled frame', async () => {
    await renderApp('/iframe-test');
    const frame = screen.getByTitle('Embedded portal');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', '/iframe/select-region');
  });

  it('embeds the page named by the link query parameter', async () => {
    await renderApp('/iframe-test?link=%2Fiframe%2Fcontact');
    expect(screen.getByTitle('Embedded portal')).toHaveAttribute('src', '/iframe/contact');
  });

  it('refuses a link to another origin', async () => {
    await renderApp('/iframe-test?link=https%3A%2F%2Fevil.example%2F');
    expect(screen.getByRole('alert')).toHaveTextContent('Only a page on this site can be embedded');
    expect(screen.queryByTitle('Embedded portal')).not.toBeInTheDocument();
  });

  it('changes the embedded page from the form', async () => {
    const { user } = await renderApp('/iframe-test');
    const input = screen.getByRole('textbox', { name: 'Page to embed' });
    await user.clear(input);
    await user.type(input, '/iframe/about');
    await user.click(screen.getByRole('button', { name: 'Show page' }));
    expect(screen.getByTitle('Embedded portal')).toHaveAttribute('src', '/iframe/about');
  });
});
