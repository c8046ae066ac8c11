/**
 * Patient authentication (docs/product/authentication.md): /authentication with the date-of-birth
 * and OTP modals. The route module loads on demand.
 */
export const authenticationRoute = async () => ({
  Component: (await import('./routes/authentication-page.tsx')).AuthenticationPage,
});
