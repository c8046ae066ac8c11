/**
 * The fictional provider's places (docs/product/shell-and-configuration.md#demo-mode).
 * Coordinates are real suburbs; phone numbers are in the ranges ACMA reserves for fiction
 * (xx 5550 xxxx) and e-mail domains use the reserved .example TLD.
 */

export interface DemoRegion {
  slug: string;
  name: string;
}

export type ModalityCode = 'XR' | 'CT' | 'MR' | 'US' | 'MG' | 'NM' | 'BD' | 'IR';

export interface DemoClinic {
  slug: string;
  name: string;
  region: string;
  address: string;
  suburb: string;
  state: 'NSW' | 'VIC' | 'QLD' | 'WA';
  postalCode: string;
  phone: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  /** One resource per entry; repeat a code for two rooms of the same kind. */
  rooms: ModalityCode[];
  saturday: boolean;
  active?: boolean;
}

export const demoRegions: DemoRegion[] = [
  { slug: 'sydney', name: 'Sydney' },
  { slug: 'melbourne', name: 'Melbourne' },
  { slug: 'brisbane-gold-coast', name: 'Brisbane and Gold Coast' },
  { slug: 'perth', name: 'Perth' },
];

export const demoClinics: DemoClinic[] = [
  {
    slug: 'parramatta',
    name: 'Parramatta',
    region: 'sydney',
    address: 'Level 2, 158 Marsden Street',
    suburb: 'Parramatta',
    state: 'NSW',
    postalCode: '2150',
    phone: '02 5550 0101',
    latitude: -33.8136,
    longitude: 151.0034,
    timeZone: 'Australia/Sydney',
    rooms: ['XR', 'XR', 'CT', 'MR', 'US', 'US', 'MG', 'BD', 'IR'],
    saturday: true,
  },
  {
    slug: 'chatswood',
    name: 'Chatswood',
    region: 'sydney',
    address: 'Suite 4, 401 Victoria Avenue',
    suburb: 'Chatswood',
    state: 'NSW',
    postalCode: '2067',
    phone: '02 5550 0102',
    latitude: -33.7969,
    longitude: 151.1803,
    timeZone: 'Australia/Sydney',
    rooms: ['XR', 'CT', 'MR', 'US', 'MG', 'NM'],
    saturday: true,
  },
  {
    slug: 'bondi-junction',
    name: 'Bondi Junction',
    region: 'sydney',
    address: 'Ground Floor, 71 Spring Street',
    suburb: 'Bondi Junction',
    state: 'NSW',
    postalCode: '2022',
    phone: '02 5550 0103',
    latitude: -33.8922,
    longitude: 151.2489,
    timeZone: 'Australia/Sydney',
    rooms: ['XR', 'US', 'US', 'MG', 'BD'],
    saturday: false,
  },
  {
    slug: 'liverpool',
    name: 'Liverpool',
    region: 'sydney',
    address: '12 Moore Street',
    suburb: 'Liverpool',
    state: 'NSW',
    postalCode: '2170',
    phone: '02 5550 0104',
    latitude: -33.9212,
    longitude: 150.9235,
    timeZone: 'Australia/Sydney',
    rooms: ['XR', 'CT', 'US'],
    saturday: true,
  },
  {
    slug: 'hurstville',
    name: 'Hurstville (closed for renovation)',
    region: 'sydney',
    address: '225 Forest Road',
    suburb: 'Hurstville',
    state: 'NSW',
    postalCode: '2220',
    phone: '02 5550 0105',
    latitude: -33.9667,
    longitude: 151.1006,
    timeZone: 'Australia/Sydney',
    rooms: ['XR', 'US'],
    saturday: false,
    active: false,
  },
  {
    slug: 'box-hill',
    name: 'Box Hill',
    region: 'melbourne',
    address: '8 Whitehorse Road',
    suburb: 'Box Hill',
    state: 'VIC',
    postalCode: '3128',
    phone: '03 5550 0201',
    latitude: -37.8189,
    longitude: 145.1218,
    timeZone: 'Australia/Melbourne',
    rooms: ['XR', 'CT', 'MR', 'US', 'MG', 'NM', 'BD', 'IR'],
    saturday: true,
  },
  {
    slug: 'footscray',
    name: 'Footscray',
    region: 'melbourne',
    address: '54 Paisley Street',
    suburb: 'Footscray',
    state: 'VIC',
    postalCode: '3011',
    phone: '03 5550 0202',
    latitude: -37.8003,
    longitude: 144.8997,
    timeZone: 'Australia/Melbourne',
    rooms: ['XR', 'CT', 'US'],
    saturday: false,
  },
  {
    slug: 'south-brisbane',
    name: 'South Brisbane',
    region: 'brisbane-gold-coast',
    address: 'Level 1, 30 Merivale Street',
    suburb: 'South Brisbane',
    state: 'QLD',
    postalCode: '4101',
    phone: '07 5550 0301',
    latitude: -27.4785,
    longitude: 153.0176,
    timeZone: 'Australia/Brisbane',
    rooms: ['XR', 'CT', 'MR', 'US', 'US', 'MG', 'NM', 'BD', 'IR'],
    saturday: true,
  },
  {
    slug: 'chermside',
    name: 'Chermside',
    region: 'brisbane-gold-coast',
    address: '19 Kittyhawk Drive',
    suburb: 'Chermside',
    state: 'QLD',
    postalCode: '4032',
    phone: '07 5550 0302',
    latitude: -27.3858,
    longitude: 153.0312,
    timeZone: 'Australia/Brisbane',
    rooms: ['XR', 'US', 'MG', 'BD'],
    saturday: true,
  },
  {
    slug: 'southport',
    name: 'Southport',
    region: 'brisbane-gold-coast',
    address: '3 Nerang Street',
    suburb: 'Southport',
    state: 'QLD',
    postalCode: '4215',
    phone: '07 5550 0303',
    latitude: -27.9687,
    longitude: 153.4107,
    timeZone: 'Australia/Brisbane',
    rooms: ['XR', 'CT', 'MR', 'US'],
    saturday: false,
  },
  {
    slug: 'joondalup',
    name: 'Joondalup',
    region: 'perth',
    address: '60 Shenton Avenue',
    suburb: 'Joondalup',
    state: 'WA',
    postalCode: '6027',
    phone: '08 5550 0401',
    latitude: -31.7448,
    longitude: 115.7661,
    timeZone: 'Australia/Perth',
    rooms: ['XR', 'CT', 'MR', 'US', 'MG', 'BD'],
    saturday: true,
  },
  {
    slug: 'fremantle',
    name: 'Fremantle',
    region: 'perth',
    address: '27 Queen Victoria Street',
    suburb: 'Fremantle',
    state: 'WA',
    postalCode: '6160',
    phone: '08 5550 0402',
    latitude: -32.0535,
    longitude: 115.7488,
    timeZone: 'Australia/Perth',
    rooms: ['XR', 'US', 'MG'],
    saturday: false,
  },
  {
    slug: 'murdoch',
    name: 'Murdoch',
    region: 'perth',
    address: '100 Murdoch Drive',
    suburb: 'Murdoch',
    state: 'WA',
    postalCode: '6150',
    phone: '08 5550 0403',
    latitude: -32.0688,
    longitude: 115.8405,
    timeZone: 'Australia/Perth',
    rooms: ['XR', 'CT', 'MR', 'US', 'NM', 'IR'],
    saturday: false,
  },
];

export const clinicEmail = (slug: string) => `${slug}@southerncrossimaging.example`;

export interface DemoPostalCode {
  code: string;
  suburb: string;
  state: string;
  latitude: number;
  longitude: number;
}

/** The clinics' suburbs and their neighbours, so a postcode search finds somewhere near. */
export const demoPostalCodes: DemoPostalCode[] = [
  { code: '2000', suburb: 'Sydney', state: 'NSW', latitude: -33.8688, longitude: 151.2093 },
  { code: '2150', suburb: 'Parramatta', state: 'NSW', latitude: -33.815, longitude: 151.0011 },
  { code: '2145', suburb: 'Westmead', state: 'NSW', latitude: -33.8073, longitude: 150.9877 },
  { code: '2142', suburb: 'Granville', state: 'NSW', latitude: -33.8325, longitude: 151.0125 },
  { code: '2067', suburb: 'Chatswood', state: 'NSW', latitude: -33.7969, longitude: 151.1803 },
  { code: '2065', suburb: 'St Leonards', state: 'NSW', latitude: -33.823, longitude: 151.195 },
  { code: '2060', suburb: 'North Sydney', state: 'NSW', latitude: -33.8393, longitude: 151.2072 },
  { code: '2022', suburb: 'Bondi Junction', state: 'NSW', latitude: -33.8915, longitude: 151.2477 },
  { code: '2026', suburb: 'Bondi', state: 'NSW', latitude: -33.8917, longitude: 151.2744 },
  { code: '2031', suburb: 'Randwick', state: 'NSW', latitude: -33.914, longitude: 151.241 },
  { code: '2170', suburb: 'Liverpool', state: 'NSW', latitude: -33.92, longitude: 150.9238 },
  { code: '2168', suburb: 'Miller', state: 'NSW', latitude: -33.919, longitude: 150.883 },
  { code: '2220', suburb: 'Hurstville', state: 'NSW', latitude: -33.9667, longitude: 151.1006 },
  { code: '3000', suburb: 'Melbourne', state: 'VIC', latitude: -37.8136, longitude: 144.9631 },
  { code: '3128', suburb: 'Box Hill', state: 'VIC', latitude: -37.8189, longitude: 145.1218 },
  { code: '3127', suburb: 'Surrey Hills', state: 'VIC', latitude: -37.8251, longitude: 145.1 },
  { code: '3011', suburb: 'Footscray', state: 'VIC', latitude: -37.8003, longitude: 144.8997 },
  { code: '3012', suburb: 'Maidstone', state: 'VIC', latitude: -37.78, longitude: 144.873 },
  { code: '4000', suburb: 'Brisbane City', state: 'QLD', latitude: -27.4698, longitude: 153.0251 },
  { code: '4101', suburb: 'South Brisbane', state: 'QLD', latitude: -27.481, longitude: 153.02 },
  { code: '4101', suburb: 'West End', state: 'QLD', latitude: -27.483, longitude: 153.009 },
  { code: '4032', suburb: 'Chermside', state: 'QLD', latitude: -27.3856, longitude: 153.031 },
  { code: '4034', suburb: 'Aspley', state: 'QLD', latitude: -27.366, longitude: 153.02 },
  { code: '4215', suburb: 'Southport', state: 'QLD', latitude: -27.9673, longitude: 153.414 },
  {
    code: '4217',
    suburb: 'Surfers Paradise',
    state: 'QLD',
    latitude: -28.0023,
    longitude: 153.4145,
  },
  { code: '6000', suburb: 'Perth', state: 'WA', latitude: -31.9523, longitude: 115.8613 },
  { code: '6027', suburb: 'Joondalup', state: 'WA', latitude: -31.7448, longitude: 115.7661 },
  { code: '6025', suburb: 'Hillarys', state: 'WA', latitude: -31.8066, longitude: 115.7406 },
  { code: '6160', suburb: 'Fremantle', state: 'WA', latitude: -32.0569, longitude: 115.7439 },
  { code: '6150', suburb: 'Murdoch', state: 'WA', latitude: -32.0688, longitude: 115.8405 },
  { code: '6153', suburb: 'Applecross', state: 'WA', latitude: -32.014, longitude: 115.835 },
];
