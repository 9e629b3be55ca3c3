import type { Region } from '#schemas/organization';
import schools from '#configs/reference-data/schools.json' with { type: 'json' };
import subjects from '#configs/reference-data/subjects.json' with { type: 'json' };
import { UNIVERSITIES } from '../modules/reference-data/reference-data.service';

/*
 * The people of the demo pipeline: realistic names per region, the universities they studied at
 * (Russell Group, Oxbridge and others in the UK; the Group of Eight and others in Australia; the
 * region's own universities elsewhere), schools, subjects and contact details. Deterministic: the
 * same organisation always gets the same people.
 */

/** A small deterministic random source (mulberry32), seeded per organisation. */
export interface Random {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

export function seededRandom(seedText: string): Random {
  let seed = 0x9e3779b9;
  for (const char of seedText) seed = Math.imul(seed ^ char.charCodeAt(0), 0x85ebca6b) >>> 0;
  const next = (): number => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (probability) => next() < probability,
  };
}

const NAMES: Record<'UK' | 'HK' | 'OZ' | 'GCC', { first: readonly string[]; last: readonly string[] }> = {
  UK: {
    first: [
      'Amelia',
      'Oliver',
      'Priya',
      'Kwame',
      'Isla',
      'Hamza',
      'Sophie',
      'Callum',
      'Aisha',
      'Thomas',
      'Chloe',
      'Rhys',
      'Zara',
      'Daniel',
      'Freya',
      'Arjun',
      'Grace',
      'Ewan',
      'Niamh',
      'Samuel',
      'Hannah',
      'Kofi',
      'Lucy',
      'Mohammed',
      'Ellie',
      'Jack',
      'Maya',
      'Owen',
      'Imogen',
      'Tariq',
      'Megan',
      'Joseph',
    ],
    last: [
      'Patel',
      'Jones',
      'Okafor',
      'Williams',
      'Campbell',
      'Khan',
      'Taylor',
      'Murphy',
      'Davies',
      'Ahmed',
      'Evans',
      'Mensah',
      'Thompson',
      'Hughes',
      'Singh',
      'Walker',
      'Robinson',
      'MacDonald',
      'Wright',
      'Begum',
      'Clarke',
      'Fraser',
      'Hussain',
      'Edwards',
      'Nowak',
      'Green',
      'Osei',
      'Lewis',
      'Chen',
      'Hall',
      'Reid',
      'Morgan',
    ],
  },
  HK: {
    first: [
      'Wing',
      'Ka Yan',
      'Hoi Ting',
      'Chun Kit',
      'Emily',
      'Marcus',
      'Natalie',
      'Kelvin',
      'Cheryl',
      'Jason',
      'Vivian',
      'Edmund',
      'Priscilla',
      'Alvin',
      'Charlotte',
      'Raymond',
    ],
    last: [
      'Chan',
      'Wong',
      'Leung',
      'Lau',
      'Cheung',
      'Ho',
      'Ng',
      'Lam',
      'Tsang',
      'Yip',
      'Fung',
      'Kwok',
      'Mak',
      'Lee',
      'Tang',
      'Harrison',
    ],
  },
  OZ: {
    first: [
      'Charlotte',
      'Jack',
      'Mia',
      'Noah',
      'Olivia',
      'Lachlan',
      'Ava',
      'Liam',
      'Harper',
      'Cooper',
      'Zoe',
      'Mitchell',
      'Ruby',
      'Jarrah',
      'Sienna',
      'Tahlia',
    ],
    last: [
      'Smith',
      'Nguyen',
      "O'Brien",
      'Kelly',
      'Tran',
      'Walsh',
      'Anderson',
      'Papadopoulos',
      'Martin',
      'Ryan',
      'Watson',
      'Rossi',
      'Brown',
      'Lee',
      'Clarke',
      'Wilson',
    ],
  },
  GCC: {
    first: [
      'Fatima',
      'Omar',
      'Layla',
      'Khalid',
      'Noura',
      'Yousef',
      'Mariam',
      'Rashid',
      'Huda',
      'Faisal',
      'Aaliyah',
      'Saeed',
      'Reem',
      'Tariq',
      'Anjali',
      'David',
    ],
    last: [
      'Al Mansoori',
      'Al Hashimi',
      'Haddad',
      'Al Suwaidi',
      'Nasser',
      'Rahman',
      'Al Falasi',
      'Menon',
      'Karim',
      'Al Zaabi',
      'Farouk',
      'Pillai',
      'Saleh',
      'Thomas',
      'Aziz',
      'Hassan',
    ],
  },
};

export interface DemoPerson {
  firstName: string;
  lastName: string;
  /** <first>.<last>@candidates.<sub>.example, unique within the organisation. */
  email: string;
  mobile: string;
  postCode: string;
  nationality: readonly string[];
  university: { name: string; groups: readonly string[] };
  /** A second (postgraduate) university, for some. */
  postgraduate: { name: string; groups: readonly string[] } | null;
  degreeSubject: string;
  school: { name: string; schoolType: string; country: string };
  /** 0..1: how strong the application is (marks, degree class, scores follow it). */
  strength: number;
}

/** Australian people went to Australian schools (which have median ATARs); everyone else to the UK's. */
const AUSTRALIAN_SCHOOLS = schools.filter((s) => s.country === 'Australia');
const OTHER_SCHOOLS = schools.filter((s) => s.country !== 'Australia');

const nameRegion = (region: Region): keyof typeof NAMES =>
  region === 'HK' || region === 'OZ' || region === 'GCC' ? region : 'UK';

const universitiesWhere = (test: (u: (typeof UNIVERSITIES)[number]) => boolean) =>
  UNIVERSITIES.filter(test).map((u) => ({ name: u.name, groups: u.groups }));

const OXBRIDGE = universitiesWhere((u) => u.groups.includes('OXBRIDGE'));
const RUSSELL = universitiesWhere((u) => u.groups.includes('RUSSELL') && !u.groups.includes('OXBRIDGE'));
const NON_RUSSELL = universitiesWhere((u) => u.groups.includes('NON_RUSSELL'));
const GO8 = universitiesWhere((u) => u.groups.includes('GO8'));
const OZ_OTHER = universitiesWhere((u) => u.region === 'OZ' && u.groups.length === 0);
const HK = universitiesWhere((u) => u.region === 'HK');
const GCC = universitiesWhere((u) => u.region === 'GCC');

/** A university for a person of the region, in realistic proportions; `forceRussell` (UK) picks the Russell Group,
 * Oxbridge included. */
function universityFor(
  region: Region,
  random: Random,
  forceRussell: boolean,
): { name: string; groups: readonly string[] } {
  const roll = random.next();
  switch (nameRegion(region)) {
    case 'OZ':
      return random.pick(roll < 0.45 ? GO8 : OZ_OTHER);
    case 'HK':
      // Lateral lawyers: many studied in Hong Kong, others at UK universities.
      return random.pick(roll < 0.55 ? HK : roll < 0.7 ? OXBRIDGE : roll < 0.9 ? RUSSELL : NON_RUSSELL);
    case 'GCC':
      return random.pick(roll < 0.65 ? GCC : roll < 0.85 ? RUSSELL : NON_RUSSELL);
    default:
      if (forceRussell) return random.pick(roll < 0.2 ? OXBRIDGE : RUSSELL);
      return random.pick(roll < 0.1 ? OXBRIDGE : roll < 0.5 ? RUSSELL : NON_RUSSELL);
  }
}

/** A demo person's mobile (fictional ranges where the region has them) and postcode, in the forms of the region's
 * layer (configs/regions, decision 0034); HK and GCC addresses have no postcode, and their forms do not ask one. */
const CONTACTS: Record<Region, { mobile: (n: string) => string; postCodes: readonly string[] }> = {
  UK: {
    mobile: (n) => `07700 900${n}`,
    postCodes: [
      'SW1A 1AA',
      'EC1A 1BB',
      'M1 1AE',
      'LS1 4DY',
      'B33 8TH',
      'CF10 1EP',
      'EH1 1YZ',
      'G2 3BZ',
      'BS1 5TR',
      'NE1 7RU',
      'L1 8JQ',
      'NG1 5FS',
      'CB2 1TN',
      'OX1 3BG',
      'BT1 5GS',
      'S1 2HE',
    ],
  },
  // Some in areas of the lowest SEIFA deciles (configs/reference-data/postcode-areas.json), as a contextual demo needs.
  OZ: {
    mobile: (n) => `0491 570 ${n}`,
    postCodes: ['2000', '3000', '4000', '5000', '6000', '7000', '2600', '0800', '2166', '3047'],
  },
  HK: { mobile: (n) => `5123 4${n}`, postCodes: [''] },
  GCC: { mobile: (n) => `+971 50 123 4${n}`, postCodes: [''] },
  OTHER: { mobile: (n) => `+1 202 555 0${n}`, postCodes: ['10001', '94105', '60601'] },
};
const NATIONALITIES: Record<keyof typeof NAMES, readonly string[]> = {
  UK: [
    'United Kingdom',
    'United Kingdom',
    'United Kingdom',
    'Ireland',
    'India',
    'Nigeria',
    'Poland',
    'France',
    'China',
  ],
  HK: ['Hong Kong', 'China', 'United Kingdom', 'Malaysia', 'Singapore'],
  OZ: ['Australia', 'Australia', 'Australia', 'New Zealand', 'India', 'Vietnam', 'China'],
  GCC: ['United Arab Emirates', 'Saudi Arabia', 'India', 'Egypt', 'Jordan', 'United Kingdom', 'Oman'],
};

const emailPart = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/**
 * `count` distinct people of the organisation's region. The first `russellFirst` (UK regions) studied
 * at a Russell Group university, so a demo filter on the group always finds someone.
 */
export function demoPeople(
  subdomain: string,
  region: Region,
  count: number,
  random: Random,
  russellFirst = 0,
): DemoPerson[] {
  const names = NAMES[nameRegion(region)];
  const people: DemoPerson[] = [];
  const emails = new Set<string>();
  const pairs = new Set<string>();
  for (let i = 0; i < count; i++) {
    // Random names, each first-and-last pair at most once while the lists allow it.
    let firstName = random.pick(names.first);
    let lastName = random.pick(names.last);
    for (let tries = 0; pairs.has(`${firstName} ${lastName}`) && tries < 20; tries++) {
      firstName = random.pick(names.first);
      lastName = random.pick(names.last);
    }
    pairs.add(`${firstName} ${lastName}`);
    let email = `${emailPart(firstName)}.${emailPart(lastName)}@candidates.${subdomain}.example`;
    for (let n = 2; emails.has(email); n++)
      email = `${emailPart(firstName)}.${emailPart(lastName)}${n}@candidates.${subdomain}.example`;
    emails.add(email);
    const university = universityFor(region, random, i < russellFirst);
    const school = random.pick(region === 'OZ' ? AUSTRALIAN_SCHOOLS : OTHER_SCHOOLS);
    people.push({
      firstName,
      lastName,
      email,
      mobile: CONTACTS[region].mobile(String(random.int(0, 999)).padStart(3, '0')),
      postCode: random.pick(CONTACTS[region].postCodes),
      nationality: [random.pick(NATIONALITIES[nameRegion(region)]), 'United Kingdom'],
      university,
      postgraduate: random.chance(0.15) ? universityFor(region, random, false) : null,
      degreeSubject: random.pick(subjects),
      school: { name: school.name, schoolType: school.schoolType, country: school.country },
      strength: random.next(),
    });
  }
  return people;
}
