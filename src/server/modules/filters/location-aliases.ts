// Other names people type for the places in the reference data: a city's former or English name
// ("Bangalore", "Bombay", "Cologne"), a short form ("NYC", "SF"), a country's ("UK", "USA"). The
// suggestions find the place under its own name, so "Bangalore" offers Bengaluru.
import { normalizeSearch } from '../../../shared/text.ts';

/** Typed name → the city's own name (as its `name_search` holds it). */
const CITY_ALIASES: Record<string, string> = {
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
  delhi: 'new delhi',
  nyc: 'new york city',
  'new york': 'new york city',
  sf: 'san francisco',
  'san fran': 'san francisco',
  la: 'los angeles',
  munchen: 'munich',
  nuremberg: 'nurnberg',
  cologne: 'koln',
  rio: 'rio de janeiro',
};

/** Typed name → a country's own name, lower case. */
const COUNTRY_ALIASES: Record<string, string> = {
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

/** Shorter text matches an alias only whole ("la" is Los Angeles, not the start of a name). */
const PREFIX_FROM = 3;

function matching(aliases: Record<string, string>, typed: string): string[] {
  const found = new Set<string>();
  for (const [alias, name] of Object.entries(aliases)) {
    if (alias === typed || (typed.length >= PREFIX_FROM && alias.startsWith(typed))) {
      found.add(name);
    }
  }
  return [...found];
}

/** The places `text` may mean under another name: cities and countries by their own names. */
export function locationAliases(text: string): { cities: string[]; countries: string[] } {
  const typed = normalizeSearch(text);
  return { cities: matching(CITY_ALIASES, typed), countries: matching(COUNTRY_ALIASES, typed) };
}
