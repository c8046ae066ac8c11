import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../../../testing/render-app.tsx';
import { PreparationTimes, type PreparationTimesProps } from './preparation-times.tsx';

const renderSteps = (props: PreparationTimesProps) =>
  render(
    <I18nextProvider i18n={testI18n()}>
      <PreparationTimes {...props} />
    </I18nextProvider>,
  );

describe('PreparationTimes', () => {
  it("lists the steps in order as the clinic's clock shows them, across a change of clocks", () => {
    // A 6:30 am appointment on the morning Sydney's clocks go forward (Sunday 5 October 2031).
    renderSteps({
      timeZone: 'Australia/Sydney',
      steps: [
        {
          minutesBefore: 720,
          instruction: 'Stop eating.',
          at: '2031-10-04T17:30:00+10:00',
        },
        {
          minutesBefore: 60,
          instruction: 'Drink 2 glasses of water.',
          at: '2031-10-05T05:30:00+11:00',
        },
        { minutesBefore: 0, instruction: 'Your scan starts.', at: '2031-10-05T06:30:00+11:00' },
      ],
    });
    const section = screen.getByRole('region', { name: 'When to prepare' });
    const items = within(within(section).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Saturday,? 5:30\s?pm (AEST|GMT\+10) — Stop eating\.$/),
      expect.stringMatching(/^Sunday,? 5:30\s?am (AEDT|GMT\+11) — Drink 2 glasses of water\.$/),
      expect.stringMatching(/^Sunday,? 6:30\s?am (AEDT|GMT\+11) — Your scan starts\.$/),
    ]);
    expect(within(section).getByRole('list').tagName).toBe('OL');
  });

  it("shows the provider's words as text, not markup", () => {
    renderSteps({
      timeZone: 'Australia/Perth',
      steps: [
        { minutesBefore: 15, instruction: '<b>Arrive</b> early', at: '2031-05-06T08:15:00+08:00' },
      ],
    });
    expect(screen.getByRole('listitem')).toHaveTextContent(/— <b>Arrive<\/b> early$/);
  });

  it('renders nothing when the exam has no steps', () => {
    const { container } = renderSteps({ timeZone: 'Australia/Perth', steps: [] });
    expect(container).toBeEmptyDOMElement();
  });
});
