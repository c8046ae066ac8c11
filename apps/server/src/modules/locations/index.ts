export { distanceKm, roundKm } from './geo.ts';
