/** The appointment page's parameter that opens an appointment's check-in (the QR code's link). */
export const checkInParam = 'checkIn';

/** The path a QR code carries: the appointment page, which signs the patient in as usual. */
export const checkInLink = (bookingKey: string, appointmentId: string) =>
  `/appointments/${encodeURIComponent(bookingKey)}?${checkInParam}=${encodeURIComponent(appointmentId)}`;
