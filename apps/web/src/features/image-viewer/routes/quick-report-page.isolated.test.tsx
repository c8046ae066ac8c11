import type { ImageViewerReport } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { leavePortal } from '../model/leave-portal.ts';
import {
  imsec,
  linkAnswer,
  reportPath,
  requestsTo,
  stubObjectUrls,
  viewerApi,
} from './image-viewer-testing.ts';

vi.mock('../model/leave-portal.ts', () => ({ leavePortal: vi.fn() }));

const slow = { timeout: 20_000 };
const quickPath = `/referrer/quick-report?imsec=${imsec}&repositorySource=COMRAD`;
const viewerHref = `/referrer-report?imsec=${encodeURIComponent(imsec)}&repositorySource=COMRAD`;

const released: ImageViewerReport = {
  accessionNumber: 'ACC-1001',
  report: {
    examName: 'CT head',
    clinicName: 'Bondi Junction',
    studyDate: '2031-05-06',
    timeZone: 'Australia/Sydney',
    releasedAt: '2031-05-08T04:30:00.000Z',
    title: 'CT head: report',
    text: 'Findings: no bleed.\n\nConclusion: <b>normal</b> CT head.',
  },
};

/** The link check and the report; the link is ACTIVE with images unless told otherwise. */
const quickApi = (
  options: { link?: () => Response; report?: () => Response | Promise<Response> } = {},
) => ({
  '/api/image_viewer': options.link ?? (() => linkAnswer()),
  '/api/image_viewer/report': (options.report ?? (() => jsonResponse(released))) as () => Response,
});

beforeEach(() => {
  vi.mocked(leavePortal).mockClear();
});

describe('the quick report page', slow, () => {
  it('shows the released report: exam, study date, clinic, release time and the text as released', async () => {
    const { fetchMock } = await renderApp(quickPath, { api: quickApi() });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Quick report');
    const article = await screen.findByRole('article', { name: 'CT head' });
    const facts = within(article);
    expect(facts.getByText('Study date').nextElementSibling).toHaveTextContent('6 May 2031');
    expect(facts.getByText('Clinic').nextElementSibling).toHaveTextContent('Bondi Junction');
    // Written in the clinic's zone: 04:30 UTC is 2:30 pm in Sydney in May.
    expect(facts.getByText('Report released').nextElementSibling?.textContent).toMatch(
      /8 May 2031.*2:30.*pm/,
    );
    expect(facts.getByText('Accession number').nextElementSibling).toHaveTextContent('ACC-1001');
    expect(facts.getByRole('heading', { level: 3 })).toHaveTextContent('CT head: report');
    // Plain text with its line breaks; markup in it is text, never HTML.
    const text = facts.getByText(/Findings: no bleed\./);
    expect(text.textContent).toBe(released.report?.text);
    expect(text.querySelector('b')).toBeNull();

    expect(facts.getByRole('link', { name: 'View images' })).toHaveAttribute('href', viewerHref);
    expect(facts.queryByRole('link', { name: /feedback/ })).not.toBeInTheDocument();
    // Both calls carry the link: the check in its query, the report as a Bearer header.
    expect(requestsTo(fetchMock, '/api/image_viewer')[0]?.query).toEqual({
      input: imsec,
      repositorySource: 'COMRAD',
    });
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit | undefined][];
    expect(calls.find(([input]) => input === '/api/image_viewer/report')?.[1]).toMatchObject({
      headers: { Authorization: `Bearer ${imsec}` },
      credentials: 'omit',
    });
  });

  it('offers the report feedback when the provider asks for it', async () => {
    await renderApp(quickPath, {
      api: quickApi(),
      config: { application: { referrerReportQualityFeedbackEnabled: true } },
    });
    expect(
      await screen.findByRole('link', { name: 'Give feedback on this report' }),
    ).toHaveAttribute('href', `/referrer/report-feedback?imsec=${encodeURIComponent(imsec)}`);
  });

  it('says it is loading until the report comes', async () => {
    let answer: (response: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    await renderApp(quickPath, { api: quickApi({ report: () => pending }) });
    const content = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    expect(await within(content).findByRole('status')).toHaveTextContent('Loading');
    expect(within(content).queryByRole('article')).not.toBeInTheDocument();
    answer(jsonResponse(released));
    expect(await screen.findByRole('article', { name: 'CT head' })).toBeInTheDocument();
  });

  it('sends an expired link to its redirect and shows no report', async () => {
    const { router } = await renderApp(quickPath, {
      api: quickApi({
        link: () =>
          linkAnswer({
            url: null,
            imageViewerLinkStatus: 'EXPIRED',
            redirectUrl: `${window.location.origin}/about`,
          }),
        report: () => errorResponse(401, 'IMAGE_VIEWER_TOKEN_EXPIRED'),
      }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(screen.queryByText(/Findings/)).not.toBeInTheDocument();
  });

  it('says no report is released yet, and still offers the images', async () => {
    await renderApp(quickPath, {
      api: quickApi({
        report: () => jsonResponse({ accessionNumber: 'ACC-1001', report: null }),
      }),
    });
    expect(
      await screen.findByText(/The report for this study has not been released yet\./),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: 'View images' })).toHaveAttribute('href', viewerHref);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it("says a patient's own link has no report here (403), with the images", async () => {
    await renderApp(quickPath, {
      api: quickApi({ report: () => errorResponse(403, 'IMAGE_VIEWER_TOKEN_FORBIDDEN') }),
    });
    expect(await screen.findByText('This link does not include the report.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByRole('link', { name: 'View images' })).toBeInTheDocument();
  });

  it('says the link could not be used, in red, when it is not ours', async () => {
    await renderApp(quickPath, {
      api: quickApi({
        link: () => errorResponse(403, 'IMAGE_VIEWER_TOKEN_FORBIDDEN'),
        report: () => errorResponse(403, 'IMAGE_VIEWER_TOKEN_FORBIDDEN'),
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error generating the link to these images.');
    expect(screen.queryByRole('link', { name: 'View images' })).not.toBeInTheDocument();
  });

  it('offers another try when the report could not be read, and shows it after', async () => {
    let failing = true;
    const { user } = await renderApp(quickPath, {
      api: quickApi({
        report: () => (failing ? errorResponse(500, 'INTERNAL') : jsonResponse(released)),
      }),
    });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    failing = false;
    await user.click(retry);
    expect(await screen.findByRole('article', { name: 'CT head' })).toBeInTheDocument();
  });

  it('shows the report without View images when images are unavailable (no PACS)', async () => {
    await renderApp(quickPath, { api: quickApi({ link: () => linkAnswer({ url: null }) }) });
    const article = await screen.findByRole('article', { name: 'CT head' });
    expect(within(article).queryByRole('link', { name: 'View images' })).not.toBeInTheDocument();
    expect(article).toHaveTextContent('Images are not available for this study.');
  });

  it('without an imsec asks nothing and says the link is missing', async () => {
    const { fetchMock } = await renderApp('/referrer/quick-report', { api: quickApi() });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not open these images.');
    expect(requestsTo(fetchMock, '/api/image_viewer/report')).toEqual([]);
  });

  it('keeps the embeddable shell: under /iframe/ View images stays under /iframe/', async () => {
    await renderApp(`/iframe${quickPath}`, { api: quickApi() });
    expect(await screen.findByRole('link', { name: 'View images' })).toHaveAttribute(
      'href',
      `/iframe${viewerHref}`,
    );
  });
});

describe('the report page links to the quick report', slow, () => {
  beforeEach(() => {
    stubObjectUrls();
  });

  it("offers Read the report for a referrer's link", async () => {
    await renderApp(reportPath, { api: viewerApi() });
    expect(await screen.findByRole('link', { name: 'Read the report' })).toHaveAttribute(
      'href',
      `/referrer/quick-report?imsec=${encodeURIComponent(imsec)}&repositorySource=COMRAD`,
    );
  });

  it("does not offer it for a patient's own link", async () => {
    const payload = btoa(JSON.stringify({ aud: 'image-viewer:PATIENT' })).replace(/=+$/, '');
    const patientImsec = `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
    const api = viewerApi();
    await renderApp(`/referrer-report?imsec=${patientImsec}`, { api });
    await screen.findByRole('application', { name: 'Image' }, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: 'Read the report' })).not.toBeInTheDocument();
  });
});
