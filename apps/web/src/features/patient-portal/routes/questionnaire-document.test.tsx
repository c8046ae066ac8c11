import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { appointmentOf, appointmentPageApi, callsTo, portalKey, summaryOf } from '../testing.ts';

// The appointment page's link to the questionnaire answers document
// (docs/product/questionnaires.md#answers-document).
const slow = { timeout: 20_000 };
const base = `/api/secured/appointments/${portalKey}`;
const documentPath = `${base}/questionnaires/document`;

function renderPage(answeredQuestionnaires: number) {
  return renderApp(`/appointments/${portalKey}`, {
    api: {
      ...appointmentPageApi(),
      [base]: () => summaryOf(appointmentOf()),
      [`${documentPath}/status`]: () => jsonResponse({ answeredQuestionnaires }),
    },
  });
}

describe('questionnaire answers document', slow, () => {
  it('offers the PDF as a download link named for what it is', async () => {
    await renderPage(2);
    const link = await screen.findByRole('link', { name: 'Download my answers (PDF)' });
    expect(link).toHaveAttribute('href', documentPath);
    expect(link).toHaveAttribute('download');
    expect(screen.getByRole('region', { name: 'Your questionnaire answers' })).toContainElement(
      link,
    );
  });

  it('shows nothing when the booking has no answered questionnaire', async () => {
    const { fetchMock } = await renderPage(0);
    await screen.findByRole('heading', { name: 'CT head' });
    await waitFor(() => expect(callsTo(fetchMock, `${documentPath}/status`)).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /PDF/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your questionnaire answers' })).toBeNull();
  });
});
