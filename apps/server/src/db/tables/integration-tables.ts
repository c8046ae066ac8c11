import type { ColumnType, Generated } from 'kysely';

/** Migration 016: the provider API keys of /api/integration/... */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

export interface ProviderApiKeysTable {
  id: Generated<string>;
  name: string;
  /** SHA-256 (hex) of the key: the key itself is never stored. */
  key_hash: string;
  created_at: Timestamp;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
}

export interface IntegrationTables {
  provider_api_keys: ProviderApiKeysTable;
}
