import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../../testing/render-app.tsx';
import { DateOfBirthField } from './date-of-birth-field.tsx';

function Harness({ locale, onValue }: { locale: string; onValue: (value: string) => void }) {
  const [value, setValue] = useState('');
  const i18n = testI18n();
  void i18n.changeLanguage(locale);
  return (
    <I18nextProvider i18n={i18n}>
      <DateOfBirthField
        label="Date of birth"
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
        errorMessage={value === '2999-01-01' ? 'The date of birth must be in the past' : null}
      />
    </I18nextProvider>
  );
}

const boxes = () =>
  screen.getAllByRole('textbox').map((input) => input.getAttribute('autocomplete'));

describe('DateOfBirthField', () => {
  it('shows day, month, year for en-AU, labelled and numeric, in one named group', () => {
    render(<Harness locale="en-AU" onValue={() => {}} />);
    expect(screen.getByRole('group', { name: 'Date of birth' })).toBeInTheDocument();
    expect(boxes()).toEqual(['bday-day', 'bday-month', 'bday-year']);
    for (const name of ['Day', 'Month', 'Year']) {
      expect(screen.getByRole('textbox', { name })).toHaveAttribute('inputmode', 'numeric');
    }
  });

  it('puts the month first for US English', () => {
    render(<Harness locale="en" onValue={() => {}} />);
    expect(boxes()).toEqual(['bday-month', 'bday-day', 'bday-year']);
  });

  it('produces YYYY-MM-DD from what is typed, dropping anything but digits', async () => {
    const values: string[] = [];
    const user = userEvent.setup();
    render(<Harness locale="en-AU" onValue={(value) => values.push(value)} />);
    await user.type(screen.getByRole('textbox', { name: 'Day' }), '9');
    await user.type(screen.getByRole('textbox', { name: 'Month' }), 'x3');
    await user.type(screen.getByRole('textbox', { name: 'Year' }), '1984');
    expect(values.at(-1)).toBe('1984-03-09');
    expect(screen.getByRole('textbox', { name: 'Month' })).toHaveValue('3');
  });

  it('announces its error through the group description and marks the boxes invalid', async () => {
    const user = userEvent.setup();
    render(<Harness locale="en-AU" onValue={() => {}} />);
    await user.type(screen.getByRole('textbox', { name: 'Day' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Month' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Year' }), '2999');
    const group = screen.getByRole('group', { name: 'Date of birth' });
    expect(group).toHaveAccessibleDescription(/The date of birth must be in the past/);
    expect(screen.getByRole('textbox', { name: 'Year' })).toHaveAttribute('aria-invalid', 'true');
  });
});
