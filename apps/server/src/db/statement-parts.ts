import { type RawBuilder, sql } from 'kysely';

/**
 * Parts one module lends another's statement (decision 017). Booking's common
 * booking is one statement (decision 014) that must write only while the
 * catalogue is unchanged and the key has no questionnaire answers, and that
 * queues its messages in the same statement. Those tables belong to
 * availability, questionnaires and notifications: each module states its part
 * here in its own words (`catalogueStillAt`, `noStoredAnswers`,
 * `queuedWithStatement`), and booking's repository places the parts without
 * seeing their SQL. Only a repository renders a part (`conditionSql`,
 * `attachedWriteSql`); the boundary check keeps SQL out of everything else.
 */

declare const partKind: unique symbol;

/** True while what a module checked earlier still holds; a statement writes only under it. */
export interface WriteCondition {
  readonly [partKind]: 'WriteCondition';
}

/** A write that happens in another statement, exactly when that statement's gate writes. */
export interface AttachedWrite {
  readonly [partKind]: 'AttachedWrite';
}

const conditions = new WeakMap<WriteCondition, RawBuilder<boolean>>();
const attachedWrites = new WeakMap<
  AttachedWrite,
  (gate: RawBuilder<unknown>) => RawBuilder<unknown>
>();

/** For the module owning the tables `condition` reads. */
export function writeCondition(condition: RawBuilder<boolean>): WriteCondition {
  const part = Object.freeze({}) as WriteCondition;
  conditions.set(part, condition);
  return part;
}

/**
 * For the module owning the table written: `write(gate)` is the body of a CTE
 * that writes once per row of `gate` (the CTE of the statement's main write).
 */
export function attachedWrite(
  write: (gate: RawBuilder<unknown>) => RawBuilder<unknown>,
): AttachedWrite {
  const part = Object.freeze({}) as AttachedWrite;
  attachedWrites.set(part, write);
  return part;
}

export function conditionSql(part: WriteCondition): RawBuilder<boolean> {
  const condition = conditions.get(part);
  if (!condition) throw new Error('Not a WriteCondition made by writeCondition()');
  return condition;
}

/** The CTE body of `part`, gated on the statement's CTE named `gate`. */
export function attachedWriteSql(part: AttachedWrite, gate: string): RawBuilder<unknown> {
  const write = attachedWrites.get(part);
  if (!write) throw new Error('Not an AttachedWrite made by attachedWrite()');
  return write(sql.ref(gate));
}
