import { z } from 'zod';

/** docs/product/shell-and-configuration.md#staff-user: a logged-in staff member or referrer. */
export const userSchema = z.object({
  userId: z.string(),
  username: z.string(),
  organization: z.string().nullable(),
  currentDoctor: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
});
export type User = z.infer<typeof userSchema>;
