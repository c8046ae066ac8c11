import { z } from 'zod';

/** Peels default/optional/nullable wrappers off a schema to reach the object inside. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  for (;;) {
    if (
      current instanceof z.ZodDefault ||
      current instanceof z.ZodOptional ||
      current instanceof z.ZodNullable
    ) {
      current = current.unwrap() as z.ZodType;
    } else {
      return current;
    }
  }
}

/**
 * Dot paths of keys that the schema does not know. The contract schemas strip
 * unknown keys silently; in a config file an unknown key is almost always a
 * typo (`metaTitel`) that would otherwise be ignored without a word.
 */
export function findUnknownKeys(schema: z.ZodType, value: unknown, prefix = ''): string[] {
  const objectSchema = unwrap(schema);
  if (!(objectSchema instanceof z.ZodObject)) return [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const shape = objectSchema.shape as Record<string, z.ZodType>;
  return Object.entries(value).flatMap(([key, child]) => {
    const childSchema = shape[key];
    if (!childSchema) return [`${prefix}${key}`];
    return findUnknownKeys(childSchema, child, `${prefix}${key}.`);
  });
}
