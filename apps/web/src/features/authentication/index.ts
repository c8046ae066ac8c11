/**
 * Patient authentication (spec 1 §2, §4): /authentication with the date-of-birth and OTP
 * modals. The route module loads on demand.
 */
export const authenticationRoute = async () => ({
  Component: (await import('./routes/authentication-page.tsx')).AuthenticationPage,
});
