import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { nextAvailableStart } from './select-clinic-page.tsx';

const key = 'k'.repeat(22);
const exam = {
  slug: 'ct-abdomen',
  name: 'CT abdomen',
  nameWithModality: 'CT abdomen',
  modalityId: 2,
  modalityName: 'CT',
  modalitySlug: 'ct',
  priority: 1,
  examCode: null,
  notes: null,
  prepInstructions: null,
  durationMinutes: 15,
  walkIn: false,
  bookingRequestOnly: false,
  showBookingRequestInfoModal: false,
  bodyParts: ['abdomen'],
};
const clinic = (id: number, slug: string, name: string, timeZone: string) => ({
  id,
  slug,
  name,
  regionSlug: 'metro',
  address: '1 Main St',
  suburb: name,
  state: 'NSW',
  postalCode: '2150',
  phone: null,
  latitude: -33.8,
  longitude: 151,
  timeZone,
  distanceKm: null,
  examSlugs: [exam.slug],
});
const slot = (clinicSlug: string, start: string, timeZone: string) => ({
  clinicSlug,
  clinicName: clinicSlug,
  examSlug: exam.slug,
  start,
  end: start,
  timeZone,
  enquiry: false,
});
const outcome = (restrictMinDate: string | null) => ({
  medicareNumberRequired: false,
  validationCodeRequired: false,
  documentTypeId: null,
  insuranceTypeId: null,
  url: null,
  message: null,
  walkInExamName: null,
  prepTime: null,
  minutesPrior: null,
  restrictQuestionnaireId: null,
  walkInEnabledGroup: null,
  restrictMinDate,
  newExamSlug: null,
  denyBooking: false,
  createBookingRequest: null,
});

beforeEach(() => sessionStorage.setItem('booking.key', key));
afterEach(() => sessionStorage.clear());

describe('clinic screen: next available and restrictMinDate', { timeout: 20_000 }, () => {
  it('looks from minDate, and shows no time still before it where the clinic is', async () => {
    const { fetchMock } = await renderApp(`/select-clinic?examSlugs=${exam.slug}`, {
      // No location in jsdom: the default applies rather than the postcode prompt.
      config: { radiology: { showUnableToLocateWindow: false } },
      api: {
        '/api/exams': () => jsonResponse([exam]),
        '/api/clinics': () =>
          jsonResponse({
            clinics: [
              clinic(1, 'parramatta', 'Parramatta', 'Australia/Sydney'),
              clinic(2, 'perth', 'Perth', 'Australia/Perth'),
            ],
            pcl: null,
            defaultLocation: { latitude: -33.8, longitude: 151 },
          }),
        [`/api/booking-keys/${key}/outcome`]: () => jsonResponse(outcome('2031-05-11')),
        [`/api/booking-keys/${key}/questionnaires`]: () =>
          jsonResponse({
            questionnaires: [],
            bookingKey: key,
            examQuestionnaireAnswers: [],
            allQuestionnaireAnswers: [],
          }),
        '/api/slots/next-available': () =>
          jsonResponse({
            slots: [
              slot('parramatta', '2031-05-11T08:00:00+10:00', 'Australia/Sydney'),
              // 10 May in Perth: before minDate there, though 11 May in Sydney.
              slot('perth', '2031-05-10T23:00:00+08:00', 'Australia/Perth'),
            ],
          }),
      },
    });
    const parramatta = (await screen.findByRole('heading', { name: 'Parramatta' })).closest('li');
    await within(parramatta as HTMLElement).findByText(/11 May, 8:00/);
    const perth = screen.getByRole('heading', { name: 'Perth' }).closest('li') as HTMLElement;
    expect(within(perth).getByText('No times available online soon.')).toBeInTheDocument();

    const request = fetchMock.mock.calls.find(([url]) =>
      String(url).startsWith('/api/slots/next-available'),
    );
    // The mock is typed with one parameter; fetch is called with (url, init).
    const init = (request as unknown[] | undefined)?.[1] as RequestInit | undefined;
    const body = JSON.parse(String(init?.body));
    // Midnight of 11 May in Sydney, the earliest of the listed clinics' zones.
    expect(body).toMatchObject({ examSlug: exam.slug, start: '2031-05-10T14:00:00.000Z' });
  });
});

describe('slot screen for exams the chosen clinic does not offer', { timeout: 20_000 }, () => {
  it('goes back to the clinics for those exams, saying why', async () => {
    // The CT became an ultrasound (a questionnaire answer); Penrith alone offers it.
    const ultrasound = {
      ...exam,
      slug: 'us-abdomen',
      name: 'Abdominal ultrasound',
      nameWithModality: 'Ultrasound abdomen',
    };
    const { router } = await renderApp(
      '/booking?examSlugs=us-abdomen&clinic=parramatta&date=2031-05-06',
      {
        config: { radiology: { showUnableToLocateWindow: false } },
        api: {
          '/api/exams': () => jsonResponse([exam, ultrasound]),
          '/api/clinics': () =>
            jsonResponse({
              clinics: [
                {
                  ...clinic(3, 'penrith', 'Penrith', 'Australia/Sydney'),
                  examSlugs: ['us-abdomen'],
                },
              ],
              pcl: null,
              defaultLocation: { latitude: -33.8, longitude: 151 },
            }),
          [`/api/booking-keys/${key}/outcome`]: () => jsonResponse(outcome(null)),
          [`/api/booking-keys/${key}/questionnaires`]: () =>
            jsonResponse({
              questionnaires: [],
              bookingKey: key,
              examQuestionnaireAnswers: [],
              allQuestionnaireAnswers: [],
            }),
          '/api/slots/next-available': () => jsonResponse({ slots: [] }),
        },
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Choose a clinic' });
    expect(
      screen.getByText(
        'The clinic you chose does not offer Ultrasound abdomen. Choose one of these clinics instead.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(router.state.location.pathname).toBe('/select-clinic');
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('examSlugs')).toBe('us-abdomen');
    expect(query.get('clinic')).toBeNull();
    expect(query.get('date')).toBeNull();
  });
});

describe('nextAvailableStart', () => {
  const now = new Date('2031-05-04T00:00:00Z');
  it('adds nothing without a minDate, or one already reached', () => {
    const zones = [{ timeZone: 'Australia/Sydney' }];
    expect(nextAvailableStart(null, zones, now)).toBeNull();
    expect(nextAvailableStart('2031-05-04', zones, now)).toBeNull();
    expect(nextAvailableStart('2031-05-05', [], now)).toBeNull();
    expect(nextAvailableStart('2031-05-05', zones, now)).toBe('2031-05-04T14:00:00.000Z');
  });
});
