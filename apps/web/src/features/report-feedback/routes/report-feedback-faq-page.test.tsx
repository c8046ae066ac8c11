import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../../../../../packages/translations/locales/en.json';
import enAU from '../../../../../../packages/translations/locales/en-AU.json';
import enCA from '../../../../../../packages/translations/locales/en-CA.json';
import enNZ from '../../../../../../packages/translations/locales/en-NZ.json';
import mk from '../../../../../../packages/translations/locales/mk.json';
import { renderApp } from '../../../testing/render-app.tsx';

const slow = { timeout: 20_000 };

describe('the report feedback FAQ page', slow, () => {
  it('shows the FAQ from the translation, sanitized, and links back to the report feedback', async () => {
    await renderApp('/referrer/report-feedback/faq?imsec=abc.def.ghi');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Report feedback: frequently asked questions',
    );
    for (const question of [
      'What is this feedback for?',
      'Who sees it?',
      'Can I give feedback more than once?',
    ]) {
      expect(await screen.findByRole('heading', { level: 2, name: question })).toBeInTheDocument();
    }
    expect(screen.getByText(/Each report takes feedback once, whoever gives it/)).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'Back to the feedback on this report' }),
    ).toHaveAttribute('href', '/referrer/report-feedback?imsec=abc.def.ghi');
  });

  it('keeps the embedded shell on its links, and has no way back without a report', async () => {
    await renderApp('/iframe/referrer/report-feedback/faq?accession=ACC-1');
    expect(
      await screen.findByRole('link', { name: 'Back to the feedback on this report' }),
    ).toHaveAttribute('href', '/iframe/referrer/report-feedback?accession=ACC-1');
    document.body.innerHTML = '';
    await renderApp('/referrer/report-feedback/faq');
    await screen.findByRole('heading', { level: 2, name: 'Who sees it?' });
    expect(screen.queryByRole('link', { name: /Back to the feedback/ })).not.toBeInTheDocument();
  });

  it('is in every locale: en-AU and Macedonian of their own, the English variants by en-AU', () => {
    type Words = { report_feedback?: Record<string, string> };
    const reference = (enAU as Words).report_feedback ?? {};
    const macedonian = (mk as Words).report_feedback ?? {};
    expect(Object.keys(macedonian).sort()).toEqual(Object.keys(reference).sort());
    for (const [key, text] of Object.entries(macedonian)) {
      expect(text, key).not.toBe(reference[key]);
      expect(text.length, key).toBeGreaterThan(0);
    }
    expect(macedonian.faq_html).toMatch(/[\u0400-\u04FF]/);
    // en, en-NZ and en-CA are served over en-AU (apps/server translations.service.ts) and
    // override none of these words.
    for (const variant of [en, enNZ, enCA] as Words[])
      expect(variant.report_feedback).toBeUndefined();
  });
});
