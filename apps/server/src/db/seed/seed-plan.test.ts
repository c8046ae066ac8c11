import { describe, expect, it } from 'vitest';
import { demoExams, demoModalities } from './demo-catalogue.ts';
import { demoClinics, demoPostalCodes } from './demo-places.ts';
import {
  checkDemoData,
  planClinicExams,
  planExceptions,
  planOpeningHours,
  planResources,
  planSchedules,
} from './seed-plan.ts';

const clinic = (slug: string) => demoClinics.find((item) => item.slug === slug)!;
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

describe('demo data', () => {
  it('is consistent', () => {
    expect(checkDemoData()).toEqual([]);
  });

  it('meets docs/product/shell-and-configuration.md#demo-mode: regions, a dozen clinics, several time zones, every modality, 40+ exams', () => {
    const active = demoClinics.filter((item) => item.active !== false);
    expect(active.length).toBeGreaterThanOrEqual(12);
    expect(new Set(demoClinics.map((item) => item.region)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(demoClinics.map((item) => item.timeZone)).size).toBeGreaterThanOrEqual(3);
    expect(demoExams.length).toBeGreaterThanOrEqual(40);
    for (const modality of demoModalities) {
      expect(
        demoExams.some((exam) => exam.modality === modality.code),
        modality.slug,
      ).toBe(true);
      expect(
        active.some((item) => item.rooms.includes(modality.code)),
        modality.slug,
      ).toBe(true);
    }
  });

  it('has a postcode location for every clinic suburb', () => {
    for (const item of demoClinics) {
      expect(
        demoPostalCodes.some(
          (place) => place.code === item.postalCode && place.suburb === item.suburb,
        ),
        item.slug,
      ).toBe(true);
    }
  });
});

describe('seed plan', () => {
  it('names repeated rooms by number and single rooms plainly', () => {
    const rooms = planResources(clinic('parramatta'));
    expect(rooms.map((room) => room.slug)).toContain('x-ray-2');
    expect(rooms.find((room) => room.slug === 'x-ray-1')?.name).toBe('X-ray room 1');
    expect(rooms.find((room) => room.slug === 'ct-1')?.name).toBe('CT scanner');
    expect(new Set(rooms.map((room) => room.slug)).size).toBe(rooms.length);
  });

  it('opens on Saturday only where the clinic does', () => {
    expect(planOpeningHours(clinic('parramatta')).some((hours) => hours.weekday === 6)).toBe(true);
    expect(planOpeningHours(clinic('bondi-junction')).some((hours) => hours.weekday === 6)).toBe(
      false,
    );
    expect(planOpeningHours(clinic('parramatta')).some((hours) => hours.weekday === 7)).toBe(false);
  });

  it('schedules every room inside its clinic opening hours', () => {
    for (const item of demoClinics) {
      const hours = planOpeningHours(item);
      for (const schedule of planSchedules(item)) {
        const day = hours.find((open) => open.weekday === schedule.weekday);
        expect(day, `${item.slug} ${schedule.resourceSlug} day ${schedule.weekday}`).toBeDefined();
        expect(minutes(schedule.opens)).toBeGreaterThanOrEqual(minutes(day!.opens));
        expect(minutes(schedule.closes)).toBeLessThanOrEqual(minutes(day!.closes));
        expect(minutes(schedule.closes)).toBeGreaterThan(minutes(schedule.opens));
      }
    }
  });

  it('offers at a clinic exactly the exams its rooms can perform', () => {
    const fremantle = planClinicExams(clinic('fremantle'));
    expect(fremantle).toContain('chest-x-ray');
    expect(fremantle).toContain('screening-mammogram');
    expect(fremantle).not.toContain('mri-brain');
  });

  it('closes clinics for national and state public holidays as whole local days', () => {
    const brisbane = planExceptions(clinic('south-brisbane'));
    const perth = planExceptions(clinic('joondalup'));
    expect(
      brisbane.some(
        (item) => item.reason.includes('Labour Day') && item.startsLocal === '2026-05-04 00:00',
      ),
    ).toBe(true);
    expect(perth.some((item) => item.reason.includes('WA Day'))).toBe(true);
    expect(brisbane.some((item) => item.reason.includes('WA Day'))).toBe(false);
    const boxingDay = brisbane.find((item) => item.startsLocal === '2026-12-28 00:00')!;
    expect(boxingDay.endsLocal).toBe('2026-12-29 00:00');
    expect(planExceptions(clinic('parramatta')).some((item) => item.resourceSlug === 'mri-1')).toBe(
      true,
    );
  });
});
