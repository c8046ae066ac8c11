import type {
  BodyPart,
  Exam,
  ExamGroup,
  ExamListQuery,
  Modality,
  WalkInExam,
} from '@portal/contract';
import { UnknownClinicError, UnknownExamError } from './catalogue.errors.ts';
import type { ExamFilter } from './catalogue.repository.ts';

export interface CatalogueRepository {
  listModalities(): Promise<Modality[]>;
  listExams(filter: ExamFilter): Promise<Exam[]>;
  listWalkInExams(): Promise<WalkInExam[]>;
  listExamGroups(): Promise<ExamGroup[]>;
  listBodyParts(): Promise<BodyPart[]>;
  findClinicId(slug: string): Promise<number | undefined>;
}

export interface CatalogueService {
  modalities(): Promise<Modality[]>;
  exams(query: ExamListQuery): Promise<Exam[]>;
  exam(slug: string): Promise<Exam>;
  examGroups(): Promise<ExamGroup[]>;
  bodyParts(): Promise<BodyPart[]>;
  walkInExams(): Promise<WalkInExam[]>;
  enquiryExams(): Promise<Exam[]>;
}

export function createCatalogueService({
  repository,
}: {
  repository: CatalogueRepository;
}): CatalogueService {
  return {
    modalities: () => repository.listModalities(),
    async exams(query) {
      let clinicId: number | undefined;
      if (query.clinicSlug !== undefined) {
        clinicId = await repository.findClinicId(query.clinicSlug);
        if (clinicId === undefined) throw new UnknownClinicError(query.clinicSlug);
      }
      const words = (query.q ?? '').split(/\s+/).filter((word) => word.length > 0);
      return repository.listExams({
        modalitySlug: query.modalitySlug,
        bodyPart: query.bodyPart,
        words,
        clinicId,
      });
    },
    async exam(slug) {
      const [exam] = await repository.listExams({ slug });
      if (!exam) throw new UnknownExamError(slug);
      return exam;
    },
    examGroups: () => repository.listExamGroups(),
    bodyParts: () => repository.listBodyParts(),
    walkInExams: () => repository.listWalkInExams(),
    enquiryExams: () => repository.listExams({ bookingRequestOnly: true }),
  };
}
