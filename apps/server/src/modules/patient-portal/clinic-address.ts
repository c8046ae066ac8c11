/** A clinic's address on one line: street, suburb, then state and postcode. */
export const clinicAddressLine = (clinic: {
  address: string;
  suburb: string;
  state: string;
  postalCode: string;
}): string =>
  [clinic.address, clinic.suburb, [clinic.state, clinic.postalCode].filter(Boolean).join(' ')]
    .filter((part) => part !== '')
    .join(', ');
