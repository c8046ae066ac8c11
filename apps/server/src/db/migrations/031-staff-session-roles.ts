import { type Kysely, sql } from 'kysely';

/**
 * staff_sessions.roles: the roles the identity provider gave the person at sign-in (the ID
 * token's `roles` or Keycloak's `realm_access.roles`), kept with the session so every request
 * knows them without the token: they pick the wording overrides of config/role-translations.json
 * (docs/product/role-translations.md). Sessions before it have none.
 */
const up = [
  `ALTER TABLE staff_sessions ADD COLUMN roles text[] NOT NULL DEFAULT '{}'
    CHECK (cardinality(roles) <= 50)`,
];

const down = ['ALTER TABLE staff_sessions DROP COLUMN roles'];

export const migration031 = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
