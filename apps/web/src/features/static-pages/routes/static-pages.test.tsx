import type { ContactClinic } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const clinic: ContactClinic = {
  id: 7,
  slug: 'harbourside-north',
  name: 'Harbourside North',
  regionName: 'North',
  address: '12 Wharf Street',
  suburb: 'Northbridge',
  state: 'NSW',
  postalCode: '2063',
  phone: '(02) 9000 1234',
  email: 'north@harbourside.example',
  timeZone: 'Australia/Sydney',
  latitude: -33.8,
  longitude: 151.2,
  openingHours: [
    { weekday: 1, opens: '08:00', closes: '17:30' },
    { weekday: 6, opens: '09:00', closes: '12:00' },
  ],
};

describe('About page', () => {
  it("shows 'About {name}' and the sanitized about HTML", async () => {
    await renderApp('/about', {
      config: { radiology: { about: '<p>Founded in 1998.</p><script>window.x=1</script>' } },
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'About Harbourside Imaging' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Founded in 1998.')).toBeInTheDocument();
    expect(screen.getByRole('main').querySelector('script')).toBeNull();
  });
});

describe('Contact page', () => {
  it('shows the contact HTML and each clinic with address, phone, email and opening hours', async () => {
    await renderApp('/contact', { api: { '/api/config/contact': () => jsonResponse([clinic]) } });
    expect(screen.getByText('Call us any weekday.')).toBeInTheDocument();
    const card = await screen.findByRole('listitem', { name: 'Harbourside North' });
    expect(within(card).getByText(/12 Wharf Street/)).toBeInTheDocument();
    expect(within(card).getByText(/Northbridge NSW 2063/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '(02) 9000 1234' })).toHaveAttribute(
      'href',
      'tel:0290001234',
    );
    expect(within(card).getByRole('link', { name: 'north@harbourside.example' })).toHaveAttribute(
      'href',
      'mailto:north@harbourside.example',
    );
    const hours = within(card).getByRole('table', { name: 'Opening hours' });
    const rows = within(hours).getAllByRole('row');
    expect(rows).toHaveLength(7);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Monday');
    expect(rows[0]).toHaveTextContent(/8:00\sam\s–\s5:30\spm/i);
    expect(rows[1]).toHaveTextContent('Closed');
    expect(within(rows[6]!).getByRole('rowheader')).toHaveTextContent('Sunday');
  });

  it('says when no clinics are listed', async () => {
    await renderApp('/contact', { api: { '/api/config/contact': () => jsonResponse([]) } });
    expect(await screen.findByText('No clinics are listed yet.')).toBeInTheDocument();
  });

  it('offers a retry when the clinic list fails to load', async () => {
    await renderApp('/contact', {
      api: { '/api/config/contact': () => errorResponse(500, 'INTERNAL_ERROR') },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Terms page', () => {
  it('shows the sanitized terms HTML from the server', async () => {
    await renderApp('/terms', {
      api: {
        '/api/config/terms': () =>
          jsonResponse({ html: '<h2>Cancellations</h2><a href="javascript:alert(1)">x</a>' }),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Cancellations' }),
    ).toBeInTheDocument();
    expect(screen.getByText('x')).not.toHaveAttribute('href');
  });
});

describe('Privacy page', () => {
  it('links to the configured privacy policy', async () => {
    await renderApp('/privacy', {
      config: { radiology: { privacyPolicyUrl: 'https://harbourside.example/privacy' } },
    });
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      'https://harbourside.example/privacy',
    );
  });

  it('says where to get the policy when no URL is configured', async () => {
    await renderApp('/privacy');
    expect(
      screen.getByText('Our privacy policy is available from any of our clinics.'),
    ).toBeInTheDocument();
  });
});
