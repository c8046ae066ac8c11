import {
  bodyPartSchema,
  examGroupSchema,
  examSchema,
  modalitySchema,
  walkInExamSchema,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

async function get<T extends z.ZodType>(url: string, schema: T): Promise<z.infer<T>> {
  const response = await testApp.app.inject({ method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return schema.parse(response.json());
}

async function error(url: string) {
  const response = await testApp.app.inject({ method: 'GET', url });
  return { status: response.statusCode, code: response.json().error?.code as string };
}

const exams = z.array(examSchema);

describe('catalogue', () => {
  it('lists the eight modalities in order', async () => {
    const modalities = await get('/api/modalities', z.array(modalitySchema));
    expect(modalities.map((modality) => modality.code)).toEqual([
      'XR',
      'CT',
      'MR',
      'US',
      'MG',
      'NM',
      'BD',
      'IR',
    ]);
  });

  it('lists active exams by priority, then name', async () => {
    const list = await get('/api/exams', exams);
    expect(list.length).toBeGreaterThanOrEqual(40);
    const priorities = list.map((exam) => exam.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    // Priority beats name: a raised priority moves an exam to the top.
    await testApp.database.db
      .updateTable('exams')
      .set({ priority: -1 })
      .where('slug', '=', 'mri-knee')
      .execute();
    try {
      expect((await get('/api/exams', exams))[0]!.slug).toBe('mri-knee');
    } finally {
      await testApp.database.db
        .updateTable('exams')
        .set({ priority: 1000 })
        .where('slug', '=', 'mri-knee')
        .execute();
    }
  });

  it('filters by modality, body part, words and clinic', async () => {
    const mri = await get('/api/exams?modalitySlug=mri', exams);
    expect(mri.length).toBeGreaterThan(2);
    expect(mri.every((exam) => exam.modalityName === 'MRI')).toBe(true);
    const knee = await get('/api/exams?bodyPart=knee', exams);
    expect(knee.map((exam) => exam.slug)).toEqual(
      expect.arrayContaining(['knee-x-ray', 'mri-knee']),
    );
    expect(knee.every((exam) => exam.bodyParts.includes('knee'))).toBe(true);
    const words = await get('/api/exams?q=%20mri%20KNEE%20', exams);
    expect(words.map((exam) => exam.slug)).toEqual(['mri-knee']);
    expect(await get('/api/exams?q=%25_', exams)).toEqual([]);
    // Fremantle has no MRI room.
    const fremantle = await get('/api/exams?clinicSlug=fremantle', exams);
    expect(fremantle.length).toBeGreaterThan(0);
    expect(fremantle.some((exam) => exam.modalitySlug === 'mri')).toBe(false);
    expect(await get('/api/exams?modalitySlug=no-such-thing', exams)).toEqual([]);
  });

  it('serves one exam, and 404 UNKNOWN_EXAM / UNKNOWN_CLINIC / 400 for bad input', async () => {
    const exam = await get('/api/exams/mri-knee', examSchema);
    expect(exam).toMatchObject({ slug: 'mri-knee', modalityName: 'MRI', walkIn: false });
    expect(exam.nameWithModality).toContain('MRI');
    expect(exam.preparationSteps).toEqual([
      {
        minutesBefore: 20,
        instruction: 'Arrive at the clinic to fill in the MRI safety questionnaire.',
      },
    ]);
    expect(await error('/api/exams/no-such-exam')).toEqual({ status: 404, code: 'UNKNOWN_EXAM' });
    expect(await error('/api/exams/Not_A_Slug')).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(await error('/api/exams?clinicSlug=atlantis')).toEqual({
      status: 404,
      code: 'UNKNOWN_CLINIC',
    });
    expect((await error(`/api/exams?q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('lists exam groups with their exams', async () => {
    const groups = await get('/api/exam-groups', z.array(examGroupSchema));
    const women = groups.find((group) => group.slug === 'womens-imaging')!;
    expect(women.examSlugs).toContain('screening-mammogram');
  });

  it("lists the body figure's parts, front and back, with their exams", async () => {
    const parts = await get('/api/body-parts', z.array(bodyPartSchema));
    const knee = parts.find((part) => part.slug === 'knee')!;
    expect(knee).toMatchObject({ name: 'Knee', view: 'FRONT' });
    expect(knee.examSlugs).toEqual(expect.arrayContaining(['knee-x-ray', 'mri-knee']));
    expect(parts.find((part) => part.slug === 'spine')!.view).toBe('BACK');
    // Every exam's body part is on the figure.
    const all = await get('/api/exams', exams);
    const slugs = new Set(parts.map((part) => part.slug));
    for (const exam of all) for (const part of exam.bodyParts) expect(slugs).toContain(part);
  });

  it('lists walk-in exams with prep time and minutes prior, and enquiry-only exams', async () => {
    const walkIns = await get('/api/exams/walk-in', z.array(walkInExamSchema));
    expect(walkIns.find((exam) => exam.slug === 'chest-x-ray')).toEqual({
      slug: 'chest-x-ray',
      name: 'Chest X-ray',
      prepTime: 5,
      minutesPrior: 30,
    });
    expect(walkIns.find((exam) => exam.slug === 'shoulder-ultrasound')?.minutesPrior).toBe(60);
    const enquiry = await get('/api/exams/enquiry', exams);
    expect(enquiry.length).toBeGreaterThan(0);
    expect(enquiry.every((exam) => exam.bookingRequestOnly)).toBe(true);
  });
});
