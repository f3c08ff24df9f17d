// Other names people type for the places in the reference data: a city's former or English name
// ("Bangalore", "Bombay", "Cologne"), a short form ("NYC", "SF"), a country's ("UK", "USA"). One
// list for every search that takes a place: the Location box's suggestions find the place under its
// own name, so "Bangalore" offers Bengaluru and a form sent with "Bangalore" filters by it; the
// keyword search (jobs/data/keyword.ts) also finds the words the data spells the place with.
import { normalizeSearch, searchWords } from '../../../shared/text.ts';

/** Typed name (folded) → the city's own name (as its `name_search` holds it). */
const CITY_NAMES: Readonly<Record<string, string>> = {
  bangalore: 'bengaluru',
  bombay: 'mumbai',
  madras: 'chennai',
  calcutta: 'kolkata',
  gurgaon: 'gurugram',
  mysore: 'mysuru',
  mangalore: 'mangaluru',
  trivandrum: 'thiruvananthapuram',
  cochin: 'kochi',
  vizag: 'visakhapatnam',
  baroda: 'vadodara',
  poona: 'pune',
  pondicherry: 'puducherry',
  delhi: 'new delhi',
  ncr: 'new delhi',
  nyc: 'new york city',
  'new york': 'new york city',
  sf: 'san francisco',
  'san fran': 'san francisco',
  la: 'los angeles',
  munchen: 'munich',
  // Both ways: the data may spell the city in either language (the test fixtures say München).
  munich: 'munchen',
  nuremberg: 'nurnberg',
  cologne: 'koln',
  geneva: 'geneve',
  rio: 'rio de janeiro',
};

/** Typed name (folded) → a country's own name, lower case. */
const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  uk: 'united kingdom',
  'great britain': 'united kingdom',
  britain: 'united kingdom',
  us: 'united states',
  usa: 'united states',
  america: 'united states',
  uae: 'united arab emirates',
  emirates: 'united arab emirates',
  brasil: 'brazil',
  bharat: 'india',
  deutschland: 'germany',
  schweiz: 'switzerland',
  suisse: 'switzerland',
};

/** Shorter text matches another name only whole ("la" is Los Angeles, not the start of a name). */
const PREFIX_FROM = 3;

function matching(names: Readonly<Record<string, string>>, typed: string): string[] {
  const found = new Set<string>();
  for (const [other, name] of Object.entries(names)) {
    if (other === typed || (typed.length >= PREFIX_FROM && other.startsWith(typed))) {
      found.add(name);
    }
  }
  return [...found];
}

/** The places `text` may mean under another name: cities and countries by their own names. */
export function locationAliases(text: string): { cities: string[]; countries: string[] } {
  const typed = normalizeSearch(text);
  return { cities: matching(CITY_NAMES, typed), countries: matching(COUNTRY_NAMES, typed) };
}

/**
 * The city `text` is, whole, another name of ("Bangalore": "bengaluru"), as its `name_search`
 * holds it; null when it is none. A form sent with such a text filters by that city, as with the
 * city's own name.
 */
export function cityOtherName(text: string): string | null {
  const typed = normalizeSearch(text);
  return Object.hasOwn(CITY_NAMES, typed) ? CITY_NAMES[typed]! : null;
}

/**
 * For the keyword search: the words the data spells a place with, for one typed word that is
 * another name of it ("bangalore": ["bengaluru"], "uk": ["united", "kingdom"]); null for any other
 * word, and for a name whose own words already hold it ("delhi" is a word of New Delhi).
 */
export function placeWords(word: string): string[] | null {
  const name = Object.hasOwn(CITY_NAMES, word)
    ? CITY_NAMES[word]
    : Object.hasOwn(COUNTRY_NAMES, word)
      ? COUNTRY_NAMES[word]
      : undefined;
  if (name === undefined) return null;
  const words = searchWords(name);
  return words.includes(word) ? null : words;
}
