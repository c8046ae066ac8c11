import type {
  ClinicListResponse,
  ClinicSummary,
  MobileLocation,
  PostalCodeLocation,
  Region,
} from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import type { ClinicMapViewProps } from '../components/clinic-map-view.tsx';

// jsdom cannot lay out Leaflet: a stand-in shows what the map would be told and offers its markers.
vi.mock('../components/clinic-map-view.tsx', () => ({
  default: ({ state, clinics, onSelectClinic }: ClinicMapViewProps) => (
    <div
      data-testid="map"
      data-zoom={state.zoom ?? ''}
      data-center={state.center ? `${state.center.latitude},${state.center.longitude}` : ''}
      data-mobile={state.mobileLocations.length}
    >
      {clinics.map((clinic) => (
        <button key={clinic.slug} type="button" onClick={() => onSelectClinic(clinic.slug)}>
          marker {clinic.name}
        </button>
      ))}
    </div>
  ),
}));

const regions: Region[] = [
  { id: 1, slug: 'sydney', name: 'Sydney', location: { latitude: -33.87, longitude: 151.21 } },
  {
    id: 2,
    slug: 'melbourne',
    name: 'Melbourne',
    location: { latitude: -37.81, longitude: 144.96 },
  },
];

const clinic = (slug: string, name: string, distanceKm: number | null): ClinicSummary => ({
  id: slug.length,
  slug,
  name,
  regionSlug: 'sydney',
  address: `1 ${name} Street`,
  suburb: name,
  state: 'NSW',
  postalCode: '2150',
  phone: '02 5550 0101',
  latitude: -33.8,
  longitude: 151.0 + slug.length / 100,
  timeZone: 'Australia/Sydney',
  distanceKm,
  examSlugs: [],
});

const clinicList = (clinics: ClinicSummary[]): ClinicListResponse => ({
  clinics,
  pcl: null,
  defaultLocation: { latitude: -33.87, longitude: 151.21 },
});

const parramatta: PostalCodeLocation = {
  id: 7,
  code: '2150',
  country: 'AU',
  suburb: 'Parramatta',
  latitude: -33.815,
  longitude: 151.0011,
};
const westmead: PostalCodeLocation = { ...parramatta, id: 8, code: '2145', suburb: 'Westmead' };

const van: MobileLocation = {
  id: 4,
  name: 'Mobile unit 1',
  regionSlug: 'sydney',
  address: 'Car park, Penrith',
  latitude: -33.75,
  longitude: 150.69,
  startDate: '2031-05-01',
  endDate: '2031-05-20',
};

function api(overrides: Record<string, () => Response> = {}) {
  return {
    '/api/regions': () => jsonResponse(regions),
    '/api/clinics': () =>
      jsonResponse(
        clinicList([
          clinic('parramatta', 'Parramatta', 2.34),
          clinic('chatswood', 'Chatswood', 14.1),
        ]),
      ),
    '/api/mobile-locations': () => jsonResponse([]),
    '/api/postal-codes/nearest': () => jsonResponse(parramatta),
    '/api/postal-codes': () => jsonResponse([parramatta]),
    ...overrides,
  };
}

const calls = (fetchMock: ReturnType<typeof vi.fn>, path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);

const listItems = async () => {
  const list = await screen.findByRole('region', { name: 'Clinics' });
  return within(list).findAllByRole('listitem');
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Clinic map page', () => {
  it('lists a region’s clinics nearest first, each with address, phone, distance and Book here', async () => {
    const { fetchMock } = await renderApp('/select-region?regionSlug=sydney&kioskMode=true', {
      api: api(),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Find a clinic' })).toBeInTheDocument();
    const items = await listItems();
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Parramatta',
      'Chatswood',
    ]);
    const first = items[0]!;
    expect(first).toHaveTextContent('1 Parramatta Street');
    expect(within(first).getByRole('link', { name: '02 5550 0101' })).toHaveAttribute(
      'href',
      'tel:0255500101',
    );
    expect(first).toHaveTextContent('2.3 km away');
    expect(items[1]).toHaveTextContent('14 km away');
    expect(within(first).getByRole('link', { name: 'Book here – Parramatta' })).toHaveAttribute(
      'href',
      '/?clinic=parramatta&kioskMode=true&regionSlug=sydney',
    );
    expect(screen.getByText('Nearest to the centre of Sydney first')).toBeInTheDocument();

    // Ordered from the region's centre, filtered to the region.
    const [request] = calls(fetchMock, '/api/clinics');
    expect(Object.fromEntries(request!.searchParams)).toEqual({
      regionSlug: 'sydney',
      latitude: '-33.87',
      longitude: '151.21',
    });
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveValue('sydney');
    const map = await screen.findByTestId('map');
    expect(map).toHaveAttribute('data-zoom', '12');
  });

  it('choosing a region puts it in the URL, clears place and clinic, and zooms to 12', async () => {
    const { router, user, fetchMock } = await renderApp(
      '/select-region?lat=-33.8&lng=151&clinic=chatswood',
      { api: api() },
    );
    await listItems();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'melbourne');
    expect(router.state.location.search).toBe('?regionSlug=melbourne');
    await waitFor(() =>
      expect(calls(fetchMock, '/api/clinics').at(-1)?.searchParams.get('regionSlug')).toBe(
        'melbourne',
      ),
    );
    expect(calls(fetchMock, '/api/mobile-locations').at(-1)?.searchParams.get('regionSlug')).toBe(
      'melbourne',
    );
    await waitFor(() => expect(screen.getByTestId('map')).toHaveAttribute('data-zoom', '12'));
    expect(screen.getByTestId('map')).toHaveAttribute('data-center', '-37.81,144.96');
  });

  it('a postcode search with one match orders the clinics from there and zooms to 13', async () => {
    const { router, user, fetchMock } = await renderApp('/select-region?regionSlug=sydney', {
      api: api(),
    });
    await listItems();
    await user.type(screen.getByRole('searchbox', { name: 'Postcode or suburb' }), '2150');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?lat=-33.815&lng=151.0011'));
    expect(calls(fetchMock, '/api/postal-codes')[0]?.searchParams.get('q')).toBe('2150');
    await waitFor(() =>
      expect(calls(fetchMock, '/api/clinics').at(-1)?.searchParams.toString()).toBe(
        'latitude=-33.815&longitude=151.0011',
      ),
    );
    expect(await screen.findByText('Nearest to Parramatta 2150 first')).toBeInTheDocument();
    expect(screen.getByTestId('map')).toHaveAttribute('data-zoom', '13');
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveValue('');
  });

  it('several matches are offered as choices, and the first takes focus', async () => {
    const { router, user } = await renderApp('/select-region', {
      api: api({ '/api/postal-codes': () => jsonResponse([parramatta, westmead]) }),
    });
    await user.type(screen.getByRole('searchbox', { name: 'Postcode or suburb' }), 'Par');
    await user.keyboard('{Enter}');
    const choices = await screen.findByRole('group', { name: /Places that match “Par”/ });
    const westmeadButton = within(choices).getByRole('button', { name: 'Westmead 2145' });
    expect(within(choices).getByRole('button', { name: 'Parramatta 2150' })).toHaveFocus();
    await user.click(westmeadButton);
    expect(router.state.location.search).toBe('?lat=-33.815&lng=151.0011');
    expect(screen.queryByRole('group', { name: /Places that match/ })).not.toBeInTheDocument();
  });

  it('says when no place matches, and asks for 2 characters at least', async () => {
    const { user, fetchMock } = await renderApp('/select-region', {
      api: api({ '/api/postal-codes': () => jsonResponse([]) }),
    });
    const input = screen.getByRole('searchbox', { name: 'Postcode or suburb' });
    await user.type(input, '9');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Enter at least 2 characters/);
    expect(calls(fetchMock, '/api/postal-codes')).toHaveLength(0);
    await user.type(input, '999');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(/No places match “9999”/)).toBeInTheDocument();
  });

  it('selecting a clinic in the list puts it in the URL and zooms the map to 16', async () => {
    const { router, user } = await renderApp('/select-region?regionSlug=sydney', { api: api() });
    const [, chatswood] = await listItems();
    const show = within(chatswood!).getByRole('button', { name: 'Show on map – Chatswood' });
    await user.click(show);
    expect(router.state.location.search).toBe('?regionSlug=sydney&clinic=chatswood');
    expect(show).toHaveAttribute('aria-pressed', 'true');
    expect(show).toHaveFocus();
    expect(chatswood).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('map')).toHaveAttribute('data-zoom', '16');
  });

  it('a clinic chosen on the map is selected in the list, which takes focus', async () => {
    const { router, user } = await renderApp('/select-region?regionSlug=sydney', { api: api() });
    await listItems();
    await user.click(await screen.findByRole('button', { name: 'marker Chatswood' }));
    expect(router.state.location.search).toBe('?regionSlug=sydney&clinic=chatswood');
    expect(screen.getByRole('heading', { level: 3, name: 'Chatswood' })).toHaveFocus();
  });

  it('a shared link opens with the clinic selected', async () => {
    await renderApp('/iframe/select-region?regionSlug=sydney&clinic=parramatta', { api: api() });
    const [first] = await listItems();
    expect(first).toHaveAttribute('aria-current', 'true');
    expect(within(first!).getByText('Selected')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: /Book here/ })).toHaveAttribute(
      'href',
      '/iframe?clinic=parramatta&regionSlug=sydney',
    );
    expect(await screen.findByTestId('map')).toHaveAttribute('data-zoom', '16');
  });

  it('"Use my location" orders clinics from the device position', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (success: PositionCallback) =>
          success({ coords: { latitude: -33.9, longitude: 151.1 } } as GeolocationPosition),
      },
    });
    const { router, user } = await renderApp('/select-region?regionSlug=sydney', { api: api() });
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(router.state.location.search).toBe('?lat=-33.9&lng=151.1'));
    await waitFor(() => expect(screen.getByTestId('map')).toHaveAttribute('data-zoom', '13'));
    // The place is named in the search field (from the nearest postcode), as after a reload.
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Postcode or suburb' })).toHaveValue(
        'Parramatta 2150',
      ),
    );
  });

  it('a refused location says so and moves focus to the search field', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_: PositionCallback, failure: PositionErrorCallback) =>
          failure({ code: 1, message: 'denied' } as GeolocationPositionError),
      },
    });
    const { user } = await renderApp('/select-region', { api: api() });
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(/We could not find your location/)).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Postcode or suburb' })).toHaveFocus();
  });

  it('lists mobile imaging units with their dates', async () => {
    await renderApp('/select-region?regionSlug=sydney', {
      api: api({ '/api/mobile-locations': () => jsonResponse([van]) }),
    });
    const units = await screen.findByRole('region', { name: 'Mobile imaging units' });
    expect(within(units).getByRole('listitem', { name: 'Mobile unit 1' })).toHaveTextContent(
      '1 May 2031 to 20 May 2031',
    );
    expect(screen.getByTestId('map')).toHaveAttribute('data-mobile', '1');
  });

  it('says when there are no clinics and offers a retry when the list fails', async () => {
    await renderApp('/select-region?regionSlug=perth', {
      api: api({ '/api/clinics': () => jsonResponse(clinicList([])) }),
    });
    expect(await screen.findByText(/No clinics found here/)).toBeInTheDocument();
  });
});
