import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import * as repository from './catalogue.repository.ts';
import { registerCatalogueRoutes } from './catalogue.routes.ts';
import { type CatalogueService, createCatalogueService } from './catalogue.service.ts';

export {
  ExamNotAtClinicError,
  type LookupPurpose,
  UnknownClinicError,
  UnknownExamError,
} from './catalogue.errors.ts';
export type { CatalogueService };

export function buildCatalogueService(db: Kysely<Database>): CatalogueService {
  return createCatalogueService({
    repository: {
      listModalities: () => repository.listModalities(db),
      listExams: (filter) => repository.listExams(db, filter),
      listWalkInExams: () => repository.listWalkInExams(db),
      listExamGroups: () => repository.listExamGroups(db),
      listBodyParts: () => repository.listBodyParts(db),
      findClinicId: (slug) => repository.findClinicId(db, slug),
    },
  });
}

/** Modalities, exams, exam groups, body parts, walk-in and enquiry exams. */
export async function catalogueModule(app: FastifyInstance, deps: { db: Kysely<Database> }) {
  registerCatalogueRoutes(app, buildCatalogueService(deps.db));
}
