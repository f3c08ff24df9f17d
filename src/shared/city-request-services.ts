// Employers' requests for a city the list lacks, as the operators' page /admin/city-requests sees
// them (React Router's load context: `context.cityRequests`). The server implements this.
import type { OperatorActor } from './operator-services.ts';

/** The longest reason for a dismissal the employer is sent; a longer one is refused, not cut. */
export const DISMISS_REASON_MAX = 500;
/** A city's name as the reference list keeps it: as long as the employer's request may be. */
export const CITY_NAME_MAX = 100;

/** One employer's request. */
export interface CityAsker {
  requestId: number;
  /** The name as this employer typed it. */
  name: string;
  companyName: string | null;
  email: string | null;
  askedAt: string;
}

/**
 * The pending requests for one name (the same letters, whatever the case or accents): what the
 * operator decides on, once for all of them.
 */
export interface CityRequestGroup {
  /** The first request's id: the group's key in forms and addresses. */
  id: number;
  /** The name as the first employer typed it. */
  name: string;
  askers: CityAsker[];
}

/** A region (state) a new city may be put in, with its country. */
export interface RegionOption {
  id: number;
  name: string;
  country: string;
}

export type CityRequestResult = { ok: true } | { ok: false; message: string };

/**
 * What became of a request, for the page's word on what was done: `added` put a new city on the
 * list; `listed` found the city named on it already (same name in that region), and resolved the
 * requests with it.
 */
export type CityRequestDecision =
  | { status: 'pending'; name: string }
  | { status: 'added' | 'listed'; name: string; city: string }
  | { status: 'dismissed'; name: string };

export interface CityRequestsService {
  pending(): Promise<CityRequestGroup[]>;
  regions(): Promise<RegionOption[]>;
  /**
   * Adds the city `name` in region `regionId` (or finds it there already) and resolves every
   * pending request for the same name as request `requestId`; each employer is e-mailed.
   */
  add(
    actor: OperatorActor,
    requestId: number,
    city: { name: string; regionId: number },
  ): Promise<CityRequestResult>;
  /** Dismisses the group of request `requestId`; each employer is e-mailed, with the reason. */
  dismiss(actor: OperatorActor, requestId: number, reason: string): Promise<CityRequestResult>;
  decision(requestId: number): Promise<CityRequestDecision | null>;
}
