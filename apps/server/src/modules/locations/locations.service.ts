import {
  type ClinicListQuery,
  type ClinicListResponse,
  errorCodes,
  type GeoPoint,
  type MobileLocation,
  type PostalCodeLocation,
  type Region,
  slugSchema,
} from '@portal/contract';
import type { Clock } from '../../adapters/clock.ts';
import { DomainError, NotFoundError } from '../../domain-error.ts';
import { UnknownExamError } from '../catalogue/index.ts';
import { distanceKm, roundKm } from './geo.ts';
import type { ClinicRow } from './locations.repository.ts';

export interface LocationsRepository {
  listRegions(): Promise<Region[]>;
  findExamIds(slugs: string[]): Promise<Map<string, number>>;
  listClinics(filter: { examIds: number[]; regionSlug?: string | undefined }): Promise<ClinicRow[]>;
  searchPostalCodes(text: string): Promise<PostalCodeLocation[]>;
  findPostalCode(id: number): Promise<PostalCodeLocation | undefined>;
  findNearestPostalCode(
    latitude: number,
    longitude: number,
  ): Promise<PostalCodeLocation | undefined>;
  listMobileLocations(filter: {
    fromDay: string;
    regionSlug?: string | undefined;
  }): Promise<MobileLocation[]>;
}

export interface LocationSettings {
  defaultLocation: GeoPoint;
  /** 0 turns the rule off. */
  maximumDistanceKm: number;
}

export interface LocationsService {
  regions(): Promise<Region[]>;
  clinics(query: ClinicListQuery): Promise<ClinicListResponse>;
  searchPostalCodes(text: string): Promise<PostalCodeLocation[]>;
  postalCode(id: number): Promise<PostalCodeLocation>;
  nearestPostalCode(location: GeoPoint): Promise<PostalCodeLocation>;
  mobileLocations(regionSlug: string | undefined): Promise<MobileLocation[]>;
}

export class UnknownPostalCodeError extends NotFoundError {
  override readonly code = 'UNKNOWN_POSTAL_CODE_LOCATION';
}

class InvalidLocationQueryError extends DomainError {
  readonly statusCode = 400;
  readonly code = errorCodes.validation;
}

/** The comma list of exam slugs: trimmed, de-duplicated, each a slug. */
export function parseExamSlugs(text: string | undefined): string[] {
  const slugs = [
    ...new Set(
      (text ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
  const bad = slugs.filter((slug) => !slugSchema.safeParse(slug).success);
  if (bad.length > 0 || slugs.length > 20) {
    throw new InvalidLocationQueryError('examSlugs is a comma list of up to 20 exam slugs.', [
      { path: 'examSlugs', message: 'must be a comma list of up to 20 exam slugs' },
    ]);
  }
  return slugs;
}

/**
 * A location farther than the maximum distance (when one is set) from the default
 * location is replaced by the default location (docs/product/booking.md#clinic-selection).
 */
export function effectiveLocation(location: GeoPoint, settings: LocationSettings): GeoPoint {
  if (settings.maximumDistanceKm <= 0) return location;
  return distanceKm(location, settings.defaultLocation) > settings.maximumDistanceKm
    ? settings.defaultLocation
    : location;
}

export function createLocationsService({
  repository,
  clock,
  settings,
}: {
  repository: LocationsRepository;
  clock: Clock;
  settings: LocationSettings;
}): LocationsService {
  return {
    regions: () => repository.listRegions(),

    async clinics(query) {
      const examSlugs = parseExamSlugs(query.examSlugs);
      if ((query.latitude === undefined) !== (query.longitude === undefined)) {
        throw new InvalidLocationQueryError('latitude and longitude come together.', [
          { path: query.latitude === undefined ? 'latitude' : 'longitude', message: 'required' },
        ]);
      }
      const examIds = await repository.findExamIds(examSlugs);
      const unknown = examSlugs.find((slug) => !examIds.has(slug));
      if (unknown !== undefined) throw new UnknownExamError(unknown);
      let pcl: PostalCodeLocation | null = null;
      if (query.postalCodeLocationId !== undefined) {
        pcl = (await repository.findPostalCode(query.postalCodeLocationId)) ?? null;
        if (!pcl) throw new UnknownPostalCodeError('No such postal code location.');
      }
      const asked: GeoPoint | null =
        query.latitude !== undefined && query.longitude !== undefined
          ? { latitude: query.latitude, longitude: query.longitude }
          : pcl;
      const location = asked ? effectiveLocation(asked, settings) : null;
      const rows = await repository.listClinics({
        examIds: [...examIds.values()],
        regionSlug: query.regionSlug,
      });
      const clinics = rows.map(({ id, ...row }) => ({
        id,
        ...row,
        distanceKm: location ? roundKm(distanceKm(location, row)) : null,
        examSlugs,
      }));
      if (location)
        clinics.sort((a, b) => a.distanceKm! - b.distanceKm! || a.name.localeCompare(b.name));
      return {
        clinics,
        pcl: pcl ? { ...pcl } : null,
        defaultLocation: settings.defaultLocation,
      };
    },

    searchPostalCodes: (text) => repository.searchPostalCodes(text),

    async postalCode(id) {
      const place = await repository.findPostalCode(id);
      if (!place) throw new UnknownPostalCodeError('No such postal code location.');
      return place;
    },

    async nearestPostalCode({ latitude, longitude }) {
      const place = await repository.findNearestPostalCode(latitude, longitude);
      if (!place) throw new UnknownPostalCodeError('No postal code locations are known.');
      return place;
    },

    mobileLocations: (regionSlug) =>
      repository.listMobileLocations({
        // Yesterday in UTC: a unit still parked today anywhere on Earth is kept.
        fromDay: new Date(clock.now().getTime() - 86_400_000).toISOString().slice(0, 10),
        regionSlug,
      }),
  };
}
